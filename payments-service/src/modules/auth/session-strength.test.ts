import type { AuthTokens } from '@arzpol/contracts'
import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { User } from '../../models/user.model.ts'
import { registerUser } from '../../test/app.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'
import { createOrder } from '../../test/orders.ts'
import { signInWithSecondFactor } from '../../test/sessions.ts'
import { changeSupportRole, useStaffApp } from '../../test/staff.ts'

/**
 * A session (one sign-in and the refresh tokens that descend from it) knows whether it passed
 * the second factor, and staff powers need one that did: on every call and after every refresh.
 * Ending a session ends its access tokens at once, not when they expire.
 */

const PASSWORD = 'correct horse 1'
const REFRESH = '/api/auth/token/refresh/'
const ME = '/api/auth/me/'

/** Staff reads of every kind: accounts, the orders queue, the identity review queue. */
const STAFF_READS = ['/api/staff/users/', '/api/staff/orders/', '/api/staff/identity/reviews/']

describe('sessions know whether they passed the second factor', () => {
  const t = useStaffApp()

  const refresh = (token: string) => t.api.post<AuthTokens>(REFRESH, { refresh: token })
  const statusOf = async (path: string, token: string) => (await t.api.get(path, { token })).status
  const staffStatuses = async (token: string) =>
    Promise.all(STAFF_READS.map((path) => statusOf(path, token)))
  const grantSupport = (adminToken: string, phone: string) =>
    changeSupportRole(t, adminToken, phone, true, 'شیفت شب')

  it('a customer granted support: the old access and refresh tokens fail, a password alone opens no staff route', async () => {
    const admin = await t.customer('admin')
    const phone = uniquePhone()
    const old = await registerUser(t.api, phone, PASSWORD)
    const other = await t.api.post<AuthTokens>('/api/auth/login/', { phone, password: PASSWORD })
    expect(other.status).toBe(200)
    expect(await statusOf(ME, old.access)).toBe(200)
    expect(await staffStatuses(old.access)).toEqual([403, 403, 403])

    await grantSupport(admin.token, phone)

    // Every session of the account ended with the role change, access tokens at once.
    for (const tokens of [old, other.body]) {
      expect(await staffStatuses(tokens.access)).toEqual([401, 401, 401])
      expect(await statusOf(ME, tokens.access)).toBe(401)
      expect((await refresh(tokens.refresh)).status).toBe(401)
    }

    // The password alone is not a staff sign-in: no tokens, a second factor to give.
    const login = await t.api.post('/api/auth/login/', { phone, password: PASSWORD })
    expect(login.status).toBe(202)
    expect(login.body).not.toHaveProperty('access')
    expect(login.body).not.toHaveProperty('refresh')

    // A session that never passed the second factor (one opened before sessions recorded it)
    // keeps the account's own powers and no staff power, before and after a refresh.
    const user = await User.query(t.deps.db).findOne({ phone })
    if (!user) throw new Error('no user')
    const weak = await t.services.auth.sessions.issue(t.deps.db, user, { secondFactor: false })
    expect(decodeJwt(weak.access)).toMatchObject({ role: 'support', second_factor: false })
    expect(await statusOf(ME, weak.access)).toBe(200)
    expect(await staffStatuses(weak.access)).toEqual([403, 403, 403])
    const refreshed = await refresh(weak.refresh)
    expect(refreshed.status).toBe(200)
    expect(decodeJwt(refreshed.body.access)).toMatchObject({
      sid: decodeJwt(weak.access).sid,
      second_factor: false,
    })
    expect(await staffStatuses(refreshed.body.access)).toEqual([403, 403, 403])
    // Nor does a weak session reach other customers' orders through the customer routes.
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    expect(await statusOf(`/api/payments/${order.id}/`, admin.token)).toBe(200)
    expect(await statusOf(`/api/payments/${order.id}/`, refreshed.body.access)).toBe(404)
  })

  it('a session that passed the second factor keeps staff power across a refresh', async () => {
    const user = await insertUser(t.deps, { role: 'support', password: PASSWORD })
    const { tokens } = await signInWithSecondFactor(t, user.phone, PASSWORD)
    const claims = decodeJwt(tokens.access)
    expect(claims).toMatchObject({ role: 'support', second_factor: true })
    expect(claims.sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/))
    expect(await staffStatuses(tokens.access)).toEqual([200, 200, 200])

    const refreshed = await refresh(tokens.refresh)
    expect(refreshed.status).toBe(200)
    expect(decodeJwt(refreshed.body.access)).toMatchObject({
      sid: claims.sid,
      second_factor: true,
    })
    expect(await staffStatuses(refreshed.body.access)).toEqual([200, 200, 200])
    const again = await refresh(refreshed.body.refresh)
    expect(await staffStatuses(again.body.access)).toEqual([200, 200, 200])
  })

  it('logging out ends the session’s access tokens at once, and no other session', async () => {
    const phone = uniquePhone()
    const first = await registerUser(t.api, phone, PASSWORD)
    const second = await t.api.post<AuthTokens>('/api/auth/login/', { phone, password: PASSWORD })
    const rotated = await refresh(first.refresh)
    expect((await t.api.post('/api/auth/logout/', { refresh: rotated.body.refresh })).status).toBe(
      204,
    )
    expect(await statusOf(ME, first.access)).toBe(401)
    expect(await statusOf(ME, rotated.body.access)).toBe(401)
    expect(await statusOf(ME, second.body.access)).toBe(200)
  })

  it('refuses access tokens without a session (signed before sessions were named); a refresh mends them', async () => {
    const user = await insertUser(t.deps, { password: PASSWORD })
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const legacy = await new SignJWT({
      username: user.username,
      role: user.role,
      phone: user.phone,
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: t.deps.tokens.kid, typ: 'at+jwt' })
      .setSubject(String(user.id))
      .setIssuer(t.deps.config.JWT_ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(t.deps.config.JWT_PRIVATE_KEY)
    const refused = await t.api.get(ME, { token: legacy })
    expect([refused.status, refused.body]).toEqual([
      401,
      { detail: 'توکن نامعتبر یا منقضی شده است.', code: 'token_not_valid' },
    ])

    // A refresh token from before: its family was migrated as "no second factor".
    const tokens = await t.services.auth.sessions.issue(t.deps.db, user, { secondFactor: false })
    const refreshed = await refresh(tokens.refresh)
    expect(refreshed.status).toBe(200)
    expect(await statusOf(ME, refreshed.body.access)).toBe(200)
  })
})
