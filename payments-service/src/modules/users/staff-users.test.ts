import type { AuthTokens } from '@arzpol/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { registerUser } from '../../test/app.ts'
import { uniquePhone } from '../../test/factories.ts'
import { createOrder } from '../../test/orders.ts'
import { seedTicketCategories } from '../tickets/categories.ts'
import { changeSupportRole, useStaffApp } from '../../test/staff.ts'

const PASSWORD = 'correct horse 1'

describe('staff: users', () => {
  const t = useStaffApp()
  beforeEach(async () => {
    await seedTicketCategories(t.deps.db)
  })

  const login = (phone: string) =>
    t.api.post<AuthTokens>('/api/auth/login/', { phone, password: PASSWORD })
  const refresh = (token: string) =>
    t.api.post<AuthTokens>('/api/auth/token/refresh/', { refresh: token })
  const me = (token: string) => t.api.get('/api/auth/me/', { token })

  it('finds an account by phone (exact or its beginning) and shows its orders and tickets', async () => {
    const staff = await t.customer('support')
    const phone = uniquePhone()
    const tokens = await registerUser(t.api, phone, PASSWORD)
    const order = await createOrder(t, tokens.access)
    const category = await t.deps.db('ticket_categories').first<{ id: number }>('id')
    const ticket = await t.api.post<{ id: number }>(
      '/api/ticketing/tickets/',
      { title: 'پرداخت', category: category?.id, message: 'سلام' },
      { token: tokens.access },
    )
    expect(ticket.status).toBe(201)

    const exact = await t.api.get<{ count: number; results: Array<{ id: number; phone: string }> }>(
      `/api/staff/users/?phone=${phone}`,
      { token: staff.token },
    )
    expect(exact.status, exact.text).toBe(200)
    expect(exact.body.count).toBe(1)
    const id = exact.body.results[0]?.id
    // Persian digits and the first digits only.
    const persianPrefix = phone.slice(0, 8).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d)
    const prefix = await t.api.get<{ results: Array<{ id: number }> }>(
      `/api/staff/users/?phone=${encodeURIComponent(persianPrefix)}`,
      { token: staff.token },
    )
    expect(prefix.body.results.map((row) => row.id)).toContain(id)
    expect((await t.api.get('/api/staff/users/?phone=09', { token: staff.token })).status).toBe(400)

    const detail = await t.api.get<Record<string, unknown>>(`/api/staff/users/${id}/`, {
      token: staff.token,
    })
    expect(detail.body).toMatchObject({
      phone,
      role: 'customer',
      blocked: false,
      orders_count: 1,
      orders: [{ id: order.id, stage: 'awaiting_payment' }],
      tickets_count: 1,
      tickets: [{ id: ticket.body.id, status: 'open', waiting_for_staff: true }],
      audit: [],
    })
    expect(detail.text).not.toContain('password')
    expect((await t.api.get('/api/staff/users/99999/', { token: staff.token })).status).toBe(404)
  })

  it('blocking stops the access token (even a cached one), refresh and login at once', async () => {
    const staff = await t.customer('support')
    const phone = uniquePhone()
    const tokens = await registerUser(t.api, phone, PASSWORD)
    // The token is verified once, so the signature cache of the auth middleware holds it.
    expect((await me(tokens.access)).status).toBe(200)
    const user = await t.deps.db('users').where({ phone }).first<{ id: number }>()

    const noReason = await t.api.post(
      `/api/staff/users/${user?.id}/block/`,
      {},
      {
        token: staff.token,
      },
    )
    expect(noReason.body).toEqual({ note: ['توضیح لازم است'] })
    const blocked = await t.api.post(
      `/api/staff/users/${user?.id}/block/`,
      { note: 'تراکنش مشکوک' },
      { token: staff.token },
    )
    expect(blocked.status, blocked.text).toBe(200)
    expect(blocked.body).toMatchObject({
      blocked: true,
      audit: [{ action: 'block', actor: { id: staff.id }, note: 'تراکنش مشکوک' }],
    })

    const afterBlock = await me(tokens.access)
    expect(afterBlock.status).toBe(401)
    expect(afterBlock.body).toMatchObject({ code: 'token_not_valid' })
    expect((await refresh(tokens.refresh)).status).toBe(401)
    const refused = await login(phone)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'account_blocked' })

    const unblocked = await t.api.post(
      `/api/staff/users/${user?.id}/unblock/`,
      {},
      {
        token: staff.token,
      },
    )
    expect(unblocked.body).toMatchObject({ blocked: false })
    // Sessions from before the block stay dead, access tokens too; a new login works.
    expect((await refresh(tokens.refresh)).status).toBe(401)
    expect((await me(tokens.access)).status).toBe(401)
    const again = await login(phone)
    expect(again.status).toBe(200)
    expect((await me(again.body.access)).status).toBe(200)
  })

  it('lets support block customers only, admins also support staff, nobody themselves or an admin', async () => {
    const support = await t.customer('support')
    const otherSupport = await t.customer('support')
    const admin = await t.customer('admin')
    const otherAdmin = await t.customer('admin')
    const block = (token: string, id: number) =>
      t.api.post(`/api/staff/users/${id}/block/`, { note: 'آزمایش' }, { token })
    expect((await block(support.token, otherSupport.id)).status).toBe(403)
    expect((await block(support.token, admin.id)).status).toBe(403)
    expect((await block(support.token, support.id)).status).toBe(409)
    expect((await block(admin.token, otherAdmin.id)).status).toBe(403)
    expect((await block(admin.token, otherSupport.id)).status).toBe(200)
    expect((await me(otherSupport.token)).status).toBe(401)
  })

  it('admins grant and revoke the support role by phone, a second admin approving, audited; support cannot', async () => {
    const admin = await t.customer('admin')
    const support = await t.customer('support')
    const customer = await t.customer()
    const grant = (token: string, phone: string) =>
      t.api.post('/api/staff/roles/grant-support/', { phone, note: 'شیفت شب' }, { token })
    const revoke = (token: string, phone: string) =>
      t.api.post('/api/staff/roles/revoke-support/', { phone }, { token })
    const roleOf = async (id: number) =>
      ((await t.deps.db('users').where({ id }).first('role')) as { role: string }).role

    expect((await grant(support.token, customer.user.phone)).status).toBe(403)
    expect((await me(customer.token)).status).toBe(200)
    expect((await t.api.get('/api/staff/dashboard/', { token: customer.token })).status).toBe(403)

    // One admin only proposes it: nothing changes, no session ends, until a second admin approves.
    const proposal = await grant(admin.token, customer.user.phone)
    expect(proposal.status, proposal.text).toBe(202)
    expect(proposal.body).toMatchObject({
      proposal: { kind: 'support_grant', status: 'pending', customer_id: customer.id },
    })
    expect(await roleOf(customer.id)).toBe('customer')
    expect((await me(customer.token)).status).toBe(200)
    // A second proposal of the same account waits for the first; support cannot decide it.
    expect((await revoke(admin.token, customer.user.phone)).status).toBe(200)
    expect((await grant(admin.token, customer.user.phone)).status).toBe(409)
    const id = (proposal.body as { proposal: { id: number } }).proposal.id
    const bySupport = await t.api.post(
      `/api/staff/proposals/${id}/approve/`,
      { reason: 'موافقم' },
      { token: support.token },
    )
    expect(bySupport.status).toBe(403)
    expect(bySupport.body).toMatchObject({ code: 'permission_denied' })
    const approver = await t.customer('admin')
    const approved = await t.api.post(
      `/api/staff/proposals/${id}/approve/`,
      { reason: 'در جلسه تیم تصمیم گرفته شد' },
      { token: approver.token },
    )
    expect(approved.status, approved.text).toBe(200)
    expect(await roleOf(customer.id)).toBe('support')
    // The change ended every session of the account: the customer's token opens nothing now,
    // staff calls least of all. Staff powers come with a new sign-in (and its second factor).
    expect((await t.api.get('/api/staff/dashboard/', { token: customer.token })).status).toBe(401)
    expect((await me(customer.token)).status).toBe(401)
    const supportToken = await t.deps.tokens.signAccess(customer.user)
    expect((await t.api.get('/api/staff/dashboard/', { token: supportToken })).status).toBe(200)

    await changeSupportRole(t, admin.token, customer.user.phone, false)
    expect(await roleOf(customer.id)).toBe('customer')
    expect((await t.api.get('/api/staff/dashboard/', { token: supportToken })).status).toBe(401)

    const detail = await t.api.get<{ audit: Array<{ action: string; note: string | null }> }>(
      `/api/staff/users/${customer.id}/`,
      { token: admin.token },
    )
    expect(detail.body.audit.map((entry) => [entry.action, entry.note])).toEqual([
      ['revoke_support', null],
      ['grant_support', 'شیفت شب'],
    ])

    expect((await grant(admin.token, '09999999999')).status).toBe(404)
    const locked = await revoke(admin.token, admin.user.phone)
    expect(locked.status).toBe(409)
    expect(locked.body).toMatchObject({ code: 'role_locked' })
    expect((await grant(admin.token, 'not a phone')).body).toEqual({
      phone: ['شماره تلفن صحیح نمیباشد'],
    })
  })

  it('blocking and closing end every session of the account at once; an unblock brings none back', async () => {
    const admin = await t.customer('admin')
    const twoSessions = async () => {
      const phone = uniquePhone()
      const first = await registerUser(t.api, phone, PASSWORD)
      const second = await login(phone)
      expect(second.status).toBe(200)
      const user = await t.deps.db('users').where({ phone }).first<{ id: number }>('id')
      if (!user) throw new Error('no user')
      // Both tokens verified once: the signature cache holds them.
      for (const tokens of [first, second.body]) expect((await me(tokens.access)).status).toBe(200)
      return { id: user.id, sessions: [first, second.body] }
    }
    const expectEnded = async (sessions: AuthTokens[]) => {
      for (const tokens of sessions) {
        expect((await me(tokens.access)).status).toBe(401)
        expect((await refresh(tokens.refresh)).status).toBe(401)
      }
    }

    const blocked = await twoSessions()
    const block = await t.api.post(
      `/api/staff/users/${blocked.id}/block/`,
      { note: 'تراکنش مشکوک' },
      { token: admin.token },
    )
    expect(block.status, block.text).toBe(200)
    await expectEnded(blocked.sessions)
    const unblock = await t.api.post(
      `/api/staff/users/${blocked.id}/unblock/`,
      {},
      { token: admin.token },
    )
    expect(unblock.status).toBe(200)
    // Not one token minted before the block works again, well before any of them expires.
    await expectEnded(blocked.sessions)

    const closed = await twoSessions()
    const close = await t.api.post(
      `/api/staff/users/${closed.id}/close/`,
      { reason: 'درخواست مشتری' },
      { token: admin.token },
    )
    expect(close.status, close.text).toBe(200)
    await expectEnded(closed.sessions)
    const open = await t.deps
      .db('refresh_tokens')
      .whereIn('user_id', [blocked.id, closed.id])
      .whereNull('revoked_at')
    expect(open).toEqual([])
  })
})
