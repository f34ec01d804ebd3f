import type { AuthTokens } from '@arzpol/contracts'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { insertUser } from '../../test/factories.ts'
import { expectFieldErrors } from '../../test/field-errors.ts'
import { signInWithSecondFactor } from '../../test/sessions.ts'

const CHANGE = '/api/auth/password/change/'
const LOGIN = '/api/auth/login/'

describe('POST /api/auth/password/change/', () => {
  const t = useTestApp()

  async function signIn(password = 'old password 1') {
    const user = await insertUser(t.deps, { password })
    const session = await t.api.post<AuthTokens>(LOGIN, { phone: user.phone, password })
    expect(session.status).toBe(200)
    t.clock.advance(1)
    return { user, session: session.body }
  }

  const change = (token: string, body: { old_password: string; new_password: string }) =>
    t.api.post<AuthTokens>(CHANGE, body, { token })

  const signInStatus = async (phone: string, password: string) =>
    (await t.api.post(LOGIN, { phone, password })).status

  it('changes the password with the current one, signs out other sessions, answers new tokens', async () => {
    const { user, session } = await signIn()
    const response = await change(session.access, {
      old_password: 'old password 1',
      new_password: 'new password 2',
    })
    expect(response.status, response.text).toBe(200)
    expect((await t.api.get('/api/auth/me/', { token: response.body.access })).status).toBe(200)
    expect((await t.api.get('/api/auth/me/', { token: session.access })).status).toBe(401)
    const refresh = await t.api.post('/api/auth/token/refresh/', { refresh: session.refresh })
    expect(refresh.status).toBe(401)
    expect(await signInStatus(user.phone, 'old password 1')).toBe(401)
    expect(await signInStatus(user.phone, 'new password 2')).toBe(200)
  })

  it('keeps the session that changed the password and ends every other one at once', async () => {
    const { user, session } = await signIn()
    const other = await t.api.post<AuthTokens>(LOGIN, {
      phone: user.phone,
      password: 'old password 1',
    })
    expect(other.status).toBe(200)
    t.clock.advance(1)
    // The other session's token was used (and so sits in the verified-token cache).
    expect((await t.api.get('/api/auth/me/', { token: other.body.access })).status).toBe(200)

    const response = await change(session.access, {
      old_password: 'old password 1',
      new_password: 'new password 2',
    })
    expect(response.status, response.text).toBe(200)
    // The same session goes on with the new pair, through later refreshes too.
    expect(decodeJwt(response.body.access).sid).toBe(decodeJwt(session.access).sid)
    const rotated = await t.api.post<AuthTokens>('/api/auth/token/refresh/', {
      refresh: response.body.refresh,
    })
    expect(rotated.status).toBe(200)
    expect(decodeJwt(rotated.body.access).sid).toBe(decodeJwt(session.access).sid)
    expect((await t.api.get('/api/auth/me/', { token: rotated.body.access })).status).toBe(200)

    // The other session is over: its access token at once, its refresh token for good.
    expect((await t.api.get('/api/auth/me/', { token: other.body.access })).status).toBe(401)
    const refreshOther = await t.api.post('/api/auth/token/refresh/', {
      refresh: other.body.refresh,
    })
    expect(refreshOther.status).toBe(401)
  })

  it('keeps a staff session’s second factor through a password change', async () => {
    const user = await insertUser(t.deps, { role: 'support', password: 'old password 1' })
    const { tokens } = await signInWithSecondFactor(t, user.phone, 'old password 1')
    t.clock.advance(1)
    const response = await change(tokens.access, {
      old_password: 'old password 1',
      new_password: 'new password 2',
    })
    expect(response.status, response.text).toBe(200)
    expect(decodeJwt(response.body.access)).toMatchObject({
      sid: decodeJwt(tokens.access).sid,
      second_factor: true,
    })
    const staff = await t.api.get('/api/staff/users/', { token: response.body.access })
    expect(staff.status, staff.text).toBe(200)
  })

  it('refuses a wrong current password with a Persian field error and changes nothing', async () => {
    const { user, session } = await signIn()
    const response = await change(session.access, {
      old_password: 'not my password',
      new_password: 'new password 2',
    })
    expectFieldErrors(response, { old_password: ['رمز عبور فعلی اشتباه است'] })
    expect(await signInStatus(user.phone, 'old password 1')).toBe(200)
  })

  it('needs a signed-in user and a valid new password', async () => {
    const anonymous = await t.api.post(CHANGE, {
      old_password: 'x',
      new_password: 'new password 2',
    })
    expect(anonymous.status).toBe(401)
    const { session } = await signIn()
    const short = await change(session.access, {
      old_password: 'old password 1',
      new_password: 'short',
    })
    expectFieldErrors(short, { new_password: ['رمز عبور باید حداقل ۸ کاراکتر باشد'] })
  })
})
