import { describe, expect, it } from 'vitest'
import {
  createOrder,
  createPayoutOrder,
  payAtBank,
  postCallback,
  startOrder,
} from '../../test/orders.ts'
import { validOrder } from '../../test/sample-orders.ts'
import { paidOrder, submittedPayout, transitionTo, useStaffApp } from '../../test/staff.ts'
import type { User } from '../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/auth/customer'
import { backfillMoneyMovedAt } from '../../db/migrations/20261204140000_add-money-moved-at.ts'

/**
 * The customer's limits count money that moved, or that a payment under way holds, never an
 * order merely created (ADR 022, revised): through the HTTP API, the sandbox bank and real
 * PostgreSQL. The limit check's lock is also where a request learns that staff blocked or closed
 * the account while it waited: its token was checked before the wait.
 */

const t = useStaffApp()

/** 50 USD top-up: 57 500 000 rials + 3 % fee. */
const FIFTY_USD_IRR = 59_225_000
const MINUTE = 60
/** A bank token lives 20 minutes: an attempt holds its order's amount that long. */
const TOKEN_LIFETIME = 20 * MINUTE

async function setLevelLimits(level: number, perOrder: number, perDay: number, perMonth: number) {
  await t.deps
    .db('identity_levels')
    .insert({ level, per_order_irr: perOrder, per_day_irr: perDay, per_month_irr: perMonth })
    .onConflict('level')
    .merge()
}

interface Limits {
  per_day_irr: number
  per_month_irr: number
  today_used_irr: number
  month_used_irr: number
  reserved_irr: number
  reservations: Array<{ order_id: number; kind: string; amount_irr: number; until: string | null }>
  today_remaining_irr: number
  month_remaining_irr: number
}

/** What `GET /api/me/identity/` says of the customer's limits now. */
async function limitsOf(customer: { user: User }): Promise<Limits> {
  // Signed now: access tokens follow the hand-moved clock.
  const token = await t.deps.tokens.signAccess(customer.user)
  const response = await t.api.get<{ limits: Limits }>('/api/me/identity/', { token })
  expect(response.status, response.text).toBe(200)
  return response.body.limits
}

/** The clock at `iso` (Tehran is UTC+3:30), the rates made older than that. */
async function setClock(iso: string) {
  t.clock.advance(Math.floor((Date.parse(iso) - t.clock.now().getTime()) / 1000))
  await t.deps.db('rates').update({ created_at: new Date(t.clock.now().getTime() - 86_400_000) })
}

const createRefused = async (token: string) => {
  const response = await t.api.post<Record<string, unknown>>(
    '/api/payments/create/',
    validOrder(),
    { token },
  )
  expect(response.status, response.text).toBe(403)
  return response.body
}

describe('what counts against the limits', () => {
  it('two bank visits left unpaid hold the limit only while their attempts live', async () => {
    await setLevelLimits(0, 100_000_000, 200_000_000, 500_000_000)
    const customer = await t.customer()
    await paidOrder(t, customer.token)
    const left: number[] = []
    for (let visit = 0; visit < 2; visit += 1) {
      const order = await createOrder(t, customer.token)
      // The customer reaches the bank's page and closes the tab: no callback ever comes.
      await startOrder(t, customer.token, order.id)
      left.push(order.id)
    }
    const startedAt = t.clock.now().getTime()
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: FIFTY_USD_IRR,
      month_used_irr: FIFTY_USD_IRR,
      reserved_irr: 2 * FIFTY_USD_IRR,
      reservations: left.map((id) => ({
        order_id: id,
        kind: 'bank_payment',
        amount_irr: FIFTY_USD_IRR,
        until: new Date(startedAt + TOKEN_LIFETIME * 1000).toISOString(),
      })),
      today_remaining_irr: 200_000_000 - 3 * FIFTY_USD_IRR,
      month_remaining_irr: 500_000_000 - 3 * FIFTY_USD_IRR,
    })
    // A fourth order does not fit while they hold their amounts...
    expect(await createRefused(customer.token)).toMatchObject({
      limit: 'per_day',
      remaining_irr: 200_000_000 - 3 * FIFTY_USD_IRR,
    })

    // ...and once the bank's tokens are dead, only the paid order counts.
    t.clock.advance(TOKEN_LIFETIME - 1)
    expect((await limitsOf(customer)).reserved_irr).toBe(2 * FIFTY_USD_IRR)
    t.clock.advance(1)
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: FIFTY_USD_IRR,
      reserved_irr: 0,
      reservations: [],
      today_remaining_irr: 200_000_000 - FIFTY_USD_IRR,
      month_remaining_irr: 500_000_000 - FIFTY_USD_IRR,
    })
    await createOrder(t, await t.deps.tokens.signAccess(customer.user))
  })

  it('a visit cancelled at the bank releases its amount at once', async () => {
    await setLevelLimits(0, 100_000_000, 200_000_000, 500_000_000)
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const start = await startOrder(t, customer.token, order.id)
    expect((await limitsOf(customer)).reserved_irr).toBe(FIFTY_USD_IRR)
    const bank = await payAtBank(start, 'cancel')
    await postCallback(t, bank.fields)
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: 0,
      reserved_irr: 0,
      reservations: [],
      today_remaining_irr: 200_000_000,
    })
  })

  it('an order only created holds nothing; creating still refuses what no longer fits', async () => {
    await setLevelLimits(0, 100_000_000, 100_000_000, 500_000_000)
    const customer = await t.customer()
    await createOrder(t, customer.token)
    await createOrder(t, customer.token)
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: 0,
      reserved_irr: 0,
      today_remaining_irr: 100_000_000,
    })
    await paidOrder(t, customer.token)
    expect(await createRefused(customer.token)).toMatchObject({
      limit: 'per_day',
      remaining_irr: 100_000_000 - FIFTY_USD_IRR,
    })
  })

  it('starts at once cannot reserve past the limit: the customer lock serialises them', async () => {
    // Room for exactly two 50-dollar orders today; five created orders started at once.
    await setLevelLimits(0, 100_000_000, 150_000_000, 500_000_000)
    for (let round = 0; round < 3; round += 1) {
      const customer = await t.customer()
      const orders = []
      for (let i = 0; i < 5; i += 1) orders.push(await createOrder(t, customer.token))
      const answers = await Promise.all(
        orders.map((order) =>
          t.api.post(
            `/api/payments/${order.id}/start/`,
            { card_number: null, flow: 'topup' },
            { token: customer.token },
          ),
        ),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 403, 403, 403])
      for (const answer of answers.filter((a) => a.status === 403)) {
        expect(answer.body).toMatchObject({ code: 'identity_limit', limit: 'per_day' })
      }
      const attempts = (await t.deps
        .db('gateway_transactions')
        .whereIn(
          'payment_id',
          orders.map((order) => order.id),
        )
        .select('amount_irr')) as Array<{ amount_irr: string }>
      expect(attempts).toHaveLength(2)
      expect((await limitsOf(customer)).reserved_irr).toBe(2 * FIFTY_USD_IRR)
    }
  })

  it('a paid order counts on the Tehran day it was paid, not the day it was created', async () => {
    await setLevelLimits(0, 100_000_000, 150_000_000, 500_000_000)
    // 2027-01-05T20:25Z is 23:55 of 1405/10/15 in Tehran.
    await setClock('2027-01-05T20:25:00Z')
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const start = await startOrder(t, customer.token, order.id)
    expect(await limitsOf(customer)).toMatchObject({ today_used_irr: 0, month_used_irr: 0 })

    // Ten minutes later (00:05 of 1405/10/16) the bank's answer arrives and is verified.
    t.clock.advance(10 * MINUTE)
    const bank = await payAtBank(start)
    expect((await postCallback(t, bank.fields)).location).toContain('payment=success')
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: FIFTY_USD_IRR,
      month_used_irr: FIFTY_USD_IRR,
      reserved_irr: 0,
      today_remaining_irr: 150_000_000 - FIFTY_USD_IRR,
    })
    // The next day it counts against the month only.
    t.clock.advance(86_400)
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: 0,
      month_used_irr: FIFTY_USD_IRR,
      today_remaining_irr: 150_000_000,
      month_remaining_irr: 500_000_000 - FIFTY_USD_IRR,
    })
  })

  it('an order whose money went back stops counting', async () => {
    await setLevelLimits(0, 100_000_000, 150_000_000, 500_000_000)
    const customer = await t.customer()
    const staff = await t.customer('support')
    const order = await paidOrder(t, customer.token)
    expect((await limitsOf(customer)).today_used_irr).toBe(FIFTY_USD_IRR)
    // Staff refuse the paid order: the bank reverses it (stage `refunded`).
    const refused = await transitionTo(t, staff.token, order.id, {
      to: 'rejected',
      note: 'مدارک کافی نبود.',
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(200)
    expect(refused.body).toMatchObject({ stage: 'refunded' })
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: 0,
      month_used_irr: 0,
      reserved_irr: 0,
      today_remaining_irr: 150_000_000,
    })
  })

  it('a cash-out holds its amount from start until staff pay it out, then counts that day', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const payout = await submittedPayout(t, customer.token)
    const held = await limitsOf(customer)
    expect(held).toMatchObject({
      today_used_irr: 0,
      reserved_irr: payout.amount_irr,
      reservations: [
        { order_id: payout.id, kind: 'payout', amount_irr: payout.amount_irr, until: null },
      ],
      today_remaining_irr: held.per_day_irr - payout.amount_irr,
    })

    // Another one, started without its documents (waiting for them), then cancelled.
    const waiting = await createPayoutOrder(t, customer.token)
    await startOrder(t, customer.token, waiting.id)
    expect((await limitsOf(customer)).reserved_irr).toBe(payout.amount_irr + waiting.amount_irr)
    const cancelled = await t.api.post(
      `/api/payments/${waiting.id}/cancel/`,
      {},
      { token: customer.token },
    )
    expect(cancelled.status, cancelled.text).toBe(200)
    expect((await limitsOf(customer)).reserved_irr).toBe(payout.amount_irr)

    // Paid out the next day: it counts in that day.
    t.clock.advance(86_400)
    const staffToken = await t.deps.tokens.signAccess(staff.user)
    const settled = await transitionTo(t, staffToken, payout.id, {
      to: 'done',
      reference: 'PAYA-14030915-778',
    })
    expect(settled.status, JSON.stringify(settled.body)).toBe(200)
    expect(await limitsOf(customer)).toMatchObject({
      today_used_irr: payout.amount_irr,
      month_used_irr: payout.amount_irr,
      reserved_irr: 0,
      reservations: [],
    })
  })

  it('orders paid before the column existed count from their payment event', async () => {
    const customer = await t.customer()
    const order = await paidOrder(t, customer.token)
    const paidAt = t.clock.now()
    t.clock.advance(3600)
    await t.deps.db('payments').where({ id: order.id }).update({ money_moved_at: null })
    await backfillMoneyMovedAt(t.deps.db)
    const row = (await t.deps.db('payments').where({ id: order.id }).first('money_moved_at')) as {
      money_moved_at: Date
    }
    expect(row.money_moved_at).toEqual(paidAt)
  })
})

describe('the customer lock of an order', () => {
  it('an order waiting on the lock while staff block the account is refused, and not written', async () => {
    const customer = await t.customer()
    await createOrder(t, customer.token)

    // Staff's transaction blocks the account and holds the row until the order request waits.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const blocking = t.deps.db.transaction(async (trx) => {
      await trx('users').where({ id: customer.id }).update({ blocked_at: new Date() })
      await held
    })
    const ordering = t.api.post('/api/payments/create/', validOrder(), { token: customer.token })
    await waitUntilSomeoneWaitsOnALock()
    release()
    await blocking

    const refused = await ordering
    expect(refused.status, refused.text).toBe(403)
    expect(refused.body).toEqual({ detail: MESSAGES.blocked, code: 'account_blocked' })
    expect(await t.deps.db('payments').where({ user_id: customer.id })).toHaveLength(1)
  })
})

async function waitUntilSomeoneWaitsOnALock(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = (await t.deps.db.raw(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    )) as { rows: Array<{ n: number }> }
    if ((rows[0]?.n ?? 0) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the order request never waited on the customer lock')
}
