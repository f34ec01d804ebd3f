import type { AuthTokens } from '@arzpol/contracts'
import { ACCOUNT_CLOSING_MESSAGES } from '@arzpol/contracts/users/staff'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerUser } from '../../test/app.ts'
import { uniquePhone } from '../../test/factories.ts'
import { createOrder, orderWithTwoAttempts, payAtBank, postCallback } from '../../test/orders.ts'
import { submittedPayout, transitionTo, useStaffApp } from '../../test/staff.ts'
import { checkLedger } from '../ledger/invariants.ts'
import { seedTicketCategories } from '../tickets/categories.ts'

/**
 * Closing an account (ADR 025): an admin closes a customer's account at their request, refused
 * while anything is open for them, on real PostgreSQL through the HTTP API.
 */

const PASSWORD = 'correct horse 1'

interface Detail {
  blocked: boolean
  blocked_at: string | null
  closed_at: string | null
  audit: Array<{ action: string; actor: { id: number } | null; note: string | null }>
}

describe('staff: closing an account', () => {
  const t = useStaffApp({ GATEWAY_RETRY_DELAY_MS: '0' })
  beforeEach(async () => {
    await seedTicketCategories(t.deps.db)
  })
  afterEach(async () => {
    t.bank.setFaults({})
    expect(await checkLedger(t.deps.db)).toEqual([])
  })

  const close = (token: string, id: number, reason: unknown = 'درخواست مشتری در تیکت') =>
    t.api.post<Detail & { code?: string; detail?: string }>(
      `/api/staff/users/${id}/close/`,
      { reason },
      { token },
    )
  const refusal = (code: string, detail: string) => ({ code, detail })

  it('closes a customer with an open ticket: blocked, sessions gone, audited, for good', async () => {
    const admin = await t.customer('admin')
    const phone = uniquePhone()
    const tokens = await registerUser(t.api, phone, PASSWORD)
    const user = await t.deps.db('users').where({ phone }).first<{ id: number }>('id')
    if (!user) throw new Error('no user')
    // Finished orders and an open ticket (usually the request to close) do not keep it open.
    const order = await createOrder(t, tokens.access)
    expect(
      (await t.api.post(`/api/payments/${order.id}/cancel/`, {}, { token: tokens.access })).status,
    ).toBe(200)
    const category = await t.deps.db('ticket_categories').first<{ id: number }>('id')
    const ticket = await t.api.post(
      '/api/ticketing/tickets/',
      { title: 'بستن حساب', category: category?.id, message: 'لطفاً حسابم را ببندید' },
      { token: tokens.access },
    )
    expect(ticket.status, ticket.text).toBe(201)

    expect((await close(admin.token, user.id, '  ')).body).toEqual({
      reason: [ACCOUNT_CLOSING_MESSAGES.reasonRequired],
    })
    const closed = await close(admin.token, user.id)
    expect(closed.status, closed.text).toBe(200)
    const now = t.clock.now().toISOString()
    expect(closed.body).toMatchObject({
      blocked: true,
      blocked_at: now,
      closed_at: now,
      audit: [{ action: 'close', actor: { id: admin.id }, note: 'درخواست مشتری در تیکت' }],
    })

    expect((await t.api.get('/api/auth/me/', { token: tokens.access })).status).toBe(401)
    const refresh = await t.api.post('/api/auth/token/refresh/', { refresh: tokens.refresh })
    expect(refresh.status).toBe(401)
    const login = await t.api.post<AuthTokens>('/api/auth/login/', { phone, password: PASSWORD })
    expect(login.status).toBe(403)
    expect(login.body).toMatchObject({ code: 'account_blocked' })

    const list = await t.api.get<{ results: Array<{ id: number; closed_at: string | null }> }>(
      `/api/staff/users/?phone=${phone}`,
      { token: admin.token },
    )
    expect(list.body.results).toEqual([expect.objectContaining({ id: user.id, closed_at: now })])

    const again = await close(admin.token, user.id)
    expect(again.status).toBe(409)
    expect(again.body).toEqual(refusal('already_closed', ACCOUNT_CLOSING_MESSAGES.alreadyClosed))
    const unblock = await t.api.post(
      `/api/staff/users/${user.id}/unblock/`,
      {},
      { token: admin.token },
    )
    expect(unblock.status).toBe(409)
    expect(unblock.body).toEqual(refusal('account_closed', ACCOUNT_CLOSING_MESSAGES.unblockClosed))
    expect(
      await t.deps.db('users').where({ id: user.id }).first('blocked_at', 'closed_at'),
    ).toEqual({ blocked_at: t.clock.now(), closed_at: t.clock.now() })
  })

  it('keeps the first block of an account that was already blocked', async () => {
    const admin = await t.customer('admin')
    const customer = await t.customer()
    const blocked = await t.api.post(
      `/api/staff/users/${customer.id}/block/`,
      { note: 'تراکنش مشکوک' },
      { token: admin.token },
    )
    expect(blocked.status).toBe(200)
    const blockedAt = t.clock.now().toISOString()
    t.clock.advance(3600)
    // Access tokens are short-lived: the admin signs in again an hour later.
    const closed = await close(await t.deps.tokens.signAccess(admin.user), customer.id)
    expect(closed.status, closed.text).toBe(200)
    expect(closed.body).toMatchObject({
      blocked_at: blockedAt,
      closed_at: t.clock.now().toISOString(),
      audit: [{ action: 'close' }, { action: 'block' }],
    })
  })

  it('refuses while a cash-out is not settled or another order is not final', async () => {
    const admin = await t.customer('admin')
    const customer = await t.customer()
    const payout = await submittedPayout(t, customer.token)
    const order = await createOrder(t, customer.token)

    const payoutPending = await close(admin.token, customer.id)
    expect(payoutPending.status).toBe(409)
    expect(payoutPending.body).toEqual(
      refusal('payouts_pending', ACCOUNT_CLOSING_MESSAGES.payoutsPending),
    )
    const rejected = await transitionTo(t, admin.token, payout.id, {
      to: 'rejected',
      note: 'مدارک ناقص',
    })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)

    const ordersOpen = await close(admin.token, customer.id)
    expect(ordersOpen.status).toBe(409)
    expect(ordersOpen.body).toEqual(refusal('orders_open', ACCOUNT_CLOSING_MESSAGES.ordersOpen))
    // A refusal changes nothing and records nothing.
    expect(
      await t.deps.db('users').where({ id: customer.id }).first('blocked_at', 'closed_at'),
    ).toEqual({ blocked_at: null, closed_at: null })
    expect(await t.deps.db('user_audit').where({ user_id: customer.id })).toEqual([])
    expect((await t.api.get('/api/auth/me/', { token: customer.token })).status).toBe(200)

    await t.api.post(`/api/payments/${order.id}/cancel/`, {}, { token: customer.token })
    expect((await close(admin.token, customer.id)).status).toBe(200)
  })

  it('refuses while money of the customer is to return, until it is returned; not for another', async () => {
    const admin = await t.customer('admin')
    // Paid twice (two tabs); the bank refuses to reverse the second payment: it waits in suspense.
    const paidTwiceRefused = async () => {
      const { customer, order, one, two } = await orderWithTwoAttempts(t)
      await postCallback(t, (await payAtBank(one)).fields)
      t.bank.setFaults({ reverse: { kind: 'refuse' } })
      await postCallback(t, (await payAtBank(two)).fields)
      t.bank.setFaults({})
      for (const to of ['in_progress', 'done']) {
        const moved = await transitionTo(t, admin.token, order.id, { to })
        expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      }
      return { customer, order }
    }
    const { customer, order } = await paidTwiceRefused()
    // Another customer's money, held the same way, stays held throughout.
    const other = await paidTwiceRefused()

    const held = await close(admin.token, customer.id)
    expect(held.status).toBe(409)
    expect(held.body).toEqual(refusal('money_to_return', ACCOUNT_CLOSING_MESSAGES.moneyToReturn))

    const items = (
      await t.api.get<{ results: Array<{ gateway_tx_id: number; payment_id: number }> }>(
        '/api/staff/money-to-return/',
        { token: admin.token },
      )
    ).body.results
    expect(items.map((entry) => entry.payment_id)).toEqual([order.id, other.order.id])
    const item = items.find((entry) => entry.payment_id === order.id)
    const refund = await t.api.post<{ id: number }>(
      `/api/staff/money-to-return/${item?.gateway_tx_id}/refund/`,
      { note: 'واریز دستی' },
      { token: admin.token },
    )
    expect(refund.status, refund.text).toBe(201)
    // A return on its way is still money to return.
    expect((await close(admin.token, customer.id)).body).toMatchObject({ code: 'money_to_return' })
    const settled = await t.api.post(
      `/api/staff/refunds/${refund.body.id}/settle/`,
      { reference: 'TR-1' },
      { token: admin.token },
    )
    expect(settled.status, settled.text).toBe(200)
    // The other customer's money still waits: it does not keep this account open.
    expect((await close(admin.token, customer.id)).status).toBe(200)
    const otherHeld = await close(admin.token, other.customer.id)
    expect(otherHeld.status).toBe(409)
    expect(otherHeld.body).toEqual(
      refusal('money_to_return', ACCOUNT_CLOSING_MESSAGES.moneyToReturn),
    )
  })

  it('is for admins only, on customer accounts, never your own', async () => {
    const admin = await t.customer('admin')
    const otherAdmin = await t.customer('admin')
    const support = await t.customer('support')
    const customer = await t.customer()
    const other = await t.customer()

    const anonymous = await t.api.post(`/api/staff/users/${customer.id}/close/`, { reason: 'x' })
    expect(anonymous.status).toBe(401)
    expect((await close(support.token, customer.id)).status).toBe(403)
    // A customer can close neither another customer's account nor their own from here.
    expect((await close(other.token, customer.id)).status).toBe(403)
    expect((await close(customer.token, customer.id)).status).toBe(403)

    const self = await close(admin.token, admin.id)
    expect(self.status).toBe(409)
    expect(self.body).toEqual(refusal('not_yourself', ACCOUNT_CLOSING_MESSAGES.notYourself))
    for (const staff of [support, otherAdmin]) {
      const refused = await close(admin.token, staff.id)
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual(
        refusal('permission_denied', ACCOUNT_CLOSING_MESSAGES.staffAccount),
      )
    }
    expect((await close(admin.token, 99_999_999)).status).toBe(404)

    expect(await t.deps.db('users').whereNotNull('closed_at').select('id')).toEqual([])
    expect((await t.api.get('/api/auth/me/', { token: customer.token })).status).toBe(200)
  })

  it('two admins closing at once: one closes, the other is told it is closed', async () => {
    const first = await t.customer('admin')
    const second = await t.customer('admin')
    const customer = await t.customer()
    const answers = await Promise.all([
      close(first.token, customer.id),
      close(second.token, customer.id),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      code: 'already_closed',
    })
    const audit = await t.deps.db('user_audit').where({ user_id: customer.id, action: 'close' })
    expect(audit).toHaveLength(1)
  })
})
