import { describe, expect, it } from 'vitest'
import { expireStaleOrders } from './expiry.ts'
import { createOrder, useOrdersApp } from '../../test/orders.ts'

const LOCK_MINUTES = 15
const GRACE_MINUTES = 60

describe('order expiry sweeper', () => {
  const t = useOrdersApp()
  const sweep = (batchSize?: number) =>
    expireStaleOrders({
      db: t.deps.db,
      clock: t.clock,
      graceMinutes: GRACE_MINUTES,
      ...(batchSize !== undefined && { batchSize }),
    })
  const stageOf = async (id: number) =>
    ((await t.deps.db('payments').where({ id }).first()) as { stage: string }).stage

  it('expires an unpaid order only once its rate lock plus the grace period has passed', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)

    t.clock.advance((LOCK_MINUTES + GRACE_MINUTES) * 60 - 1)
    expect(await sweep()).toEqual([])
    expect(await stageOf(order.id)).toBe('awaiting_payment')

    t.clock.advance(2)
    expect(await sweep()).toEqual([order.id])
    expect(await stageOf(order.id)).toBe('expired')

    // The first access token expired meanwhile; the customer signs in again.
    const token = await t.deps.tokens.signAccess(customer.user)
    const detail = await t.api.get<{
      status: string
      stage: string
      events: Array<{ from_stage: string | null; to_stage: string; actor: string; reason: string }>
    }>(`/api/payments/${order.id}/`, { token })
    expect(detail.body).toMatchObject({ status: 'failed', stage: 'expired' })
    expect(detail.body.events.at(-1)).toMatchObject({
      from_stage: 'awaiting_payment',
      to_stage: 'expired',
      actor: 'system',
      reason: 'rate_lock_expired',
    })
    // Nothing left to do: a second run changes nothing and writes no event.
    expect(await sweep()).toEqual([])
    expect(await t.deps.db('payment_events').where({ payment_id: order.id })).toHaveLength(2)
  })

  it('leaves orders that moved on (paid, cancelled, cash-out waiting for its documents) alone', async () => {
    const customer = await t.customer()
    const cancelled = await createOrder(t, customer.token)
    expect(
      (await t.api.post(`/api/payments/${cancelled.id}/cancel/`, {}, { token: customer.token }))
        .status,
    ).toBe(200)
    const paid = await createOrder(t, customer.token)
    await t.deps.db('payments').where({ id: paid.id }).update({ stage: 'paid' })
    const payout = await createOrder(t, customer.token, {
      payment_type: 'payout',
      site_password: null,
    })
    const started = await t.api.post(
      `/api/payments/${payout.id}/start/`,
      { sheba: 'IR820540102680020817909002' },
      { token: customer.token },
    )
    expect(started.status, started.text).toBe(200)
    const stale = await createOrder(t, customer.token)

    t.clock.advance((LOCK_MINUTES + GRACE_MINUTES + 1) * 60)
    expect(await sweep()).toEqual([stale.id])
    expect(await stageOf(cancelled.id)).toBe('cancelled')
    expect(await stageOf(paid.id)).toBe('paid')
    // Started with its Sheba but no income document yet: waits, never expires (ADR 017).
    expect(await stageOf(payout.id)).toBe('awaiting_payout_details')
  })

  it('drains a backlog in batches, and parallel sweepers (instances) move each order once', async () => {
    const customer = await t.customer()
    const ids: number[] = []
    for (let i = 0; i < 12; i += 1) ids.push((await createOrder(t, customer.token)).id)
    t.clock.advance((LOCK_MINUTES + GRACE_MINUTES + 1) * 60)

    const results = await Promise.all([sweep(5), sweep(5), sweep(5), sweep(5)])
    expect(results.flat().sort((a, b) => a - b)).toEqual(ids)
    const events = (await t.deps
      .db('payment_events')
      .where({ to_stage: 'expired' })
      .select('payment_id')) as Array<{ payment_id: number }>
    expect(events.map((event) => event.payment_id).sort((a, b) => a - b)).toEqual(ids)
  })

  it('skips an order whose row another request holds, and takes it on the next run', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    t.clock.advance((LOCK_MINUTES + GRACE_MINUTES + 1) * 60)

    const trx = await t.deps.db.transaction()
    try {
      await trx('payments').where({ id: order.id }).forUpdate()
      expect(await sweep()).toEqual([])
    } finally {
      await trx.rollback()
    }
    expect(await sweep()).toEqual([order.id])
  })
})
