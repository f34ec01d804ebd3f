import { describe, expect, it } from 'vitest'
import { createSepGateway } from '../../gateways/sep.gateway.ts'
import {
  attemptsOf,
  createOrder,
  paidButCallbackLost,
  payAtBank,
  postCallback,
  RECONCILE_GRACE_MINUTES,
  reconcileNow,
  stageOf,
  startOrder,
  TERMINAL,
  useOrdersApp,
  type OrdersTestApp,
} from '../../../test/orders.ts'

/**
 * Lost callbacks settled by asking the (real, HTTP) sandbox bank for the attempt's receipt.
 * The app's clock is moved by hand past the grace period; the bank keeps its own time.
 */

const eventsOf = (t: OrdersTestApp, id: number) =>
  t.deps.db('payment_events').where({ payment_id: id }).orderBy('id') as Promise<
    Array<{ from_stage: string | null; to_stage: string; reason: string; actor: string }>
  >

describe('reconciliation of lost bank callbacks', () => {
  const t = useOrdersApp()

  it('leaves attempts alone during the grace period (the callback may still come)', async () => {
    await paidButCallbackLost(t)
    const before = t.bank.stats.receiptCalls
    const report = await reconcileNow(t)
    expect(report.settled).toEqual([])
    expect(t.bank.stats.receiptCalls).toBe(before)
  })

  it('verifies a payment whose callback was lost and moves the order to paid once', async () => {
    const { order } = await paidButCallbackLost(t)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    const verifiesBefore = t.bank.stats.verifyCalls

    const report = await reconcileNow(t)
    expect(report.settled).toEqual([{ orderId: order.id, outcome: 'success' }])
    expect(await stageOf(t, order.id)).toBe('paid')
    expect(t.bank.stats.verifyCalls - verifiesBefore).toBe(1)
    const events = await eventsOf(t, order.id)
    expect(events.at(-1)).toMatchObject({
      from_stage: 'awaiting_payment',
      to_stage: 'paid',
      reason: 'reconciled_verified',
      actor: 'system',
    })
    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt?.status).toBe('verified')
    expect(attempt?.ref_num).toBeTruthy()

    // A second run and the late callback change nothing more.
    expect((await reconcileNow(t)).settled).toEqual([])
    expect(await eventsOf(t, order.id)).toHaveLength(events.length)
  })

  it('a late callback after reconciliation sees the order paid and adds nothing', async () => {
    const { order, callback } = await paidButCallbackLost(t)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    await reconcileNow(t)
    const events = await eventsOf(t, order.id)
    const late = await postCallback(t, callback.fields)
    expect(late.location).toContain(`/dashboard/orders/${order.id}?payment=success`)
    expect(await eventsOf(t, order.id)).toHaveLength(events.length)
  })

  it('settles a payment verified at the bank before we crashed (verify answers "duplicate")', async () => {
    const { order, callback } = await paidButCallbackLost(t)
    // The crash: the bank verified, our transaction never committed.
    const verified = await t.services.orders.gateway.verify({
      refNum: callback.fields.RefNum ?? '',
    })
    expect(verified.ok).toBe(true)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    const report = await reconcileNow(t)
    expect(report.settled).toEqual([{ orderId: order.id, outcome: 'success' }])
    expect(await stageOf(t, order.id)).toBe('paid')
  })

  it('reverses a lost payment for an order that was cancelled meanwhile', async () => {
    const { order, token, callback } = await paidButCallbackLost(t)
    const cancel = await t.api.post(`/api/payments/${order.id}/cancel/`, {}, { token })
    expect(cancel.status, cancel.text).toBe(200)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    const reversesBefore = t.bank.stats.reverseCalls
    const report = await reconcileNow(t)
    expect(report.settled).toEqual([{ orderId: order.id, outcome: 'failed' }])
    expect(t.bank.stats.reverseCalls - reversesBefore).toBe(1)
    expect(await stageOf(t, order.id)).toBe('cancelled')
    const atBank = t.bank.payments().find((p) => p.refNum === callback.fields.RefNum)
    expect(atBank?.reversed).toBe(true)
    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt?.status).toBe('reversed')
  })

  it('closes an attempt cancelled at the bank, with an audit event, and leaves the order payable', async () => {
    const { token } = await t.customer()
    const order = await createOrder(t, token)
    await payAtBank(await startOrder(t, token, order.id), 'cancel')
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    const report = await reconcileNow(t)
    expect(report.closed).toHaveLength(1)
    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt).toMatchObject({
      status: 'failed',
      failure: 'reconciled_state_CanceledByUser',
    })
    expect(await stageOf(t, order.id)).toBe('awaiting_payment')
    expect((await eventsOf(t, order.id)).at(-1)).toMatchObject({
      from_stage: 'awaiting_payment',
      to_stage: 'awaiting_payment',
      reason: 'reconciled_state_CanceledByUser',
      actor: 'system',
    })
  })

  it('waits while the payment page may still be used, and closes the token once it ran out', async () => {
    const { token } = await t.customer()
    const order = await createOrder(t, token)
    await startOrder(t, token, order.id) // never opened at the bank
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    expect(await reconcileNow(t)).toMatchObject({ pending: 1, closed: [] })

    t.bank.advance(21 * 60_000)
    t.clock.advance(16 * 60)
    const report = await reconcileNow(t)
    expect(report.closed).toHaveLength(1)
    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt?.failure).toBe('reconciled_state_SessionIsNull')
  })

  it('a payment found after the 30-minute window is refused by the bank: the order fails', async () => {
    const { order } = await paidButCallbackLost(t)
    t.bank.advance(31 * 60_000)
    t.clock.advance(31 * 60)
    const report = await reconcileNow(t)
    expect(report.settled).toEqual([{ orderId: order.id, outcome: 'failed' }])
    expect(await stageOf(t, order.id)).toBe('payment_failed')
    expect((await eventsOf(t, order.id)).at(-1)).toMatchObject({
      reason: 'reconciled_verify_-6',
      actor: 'system',
    })
  })

  it('a bank that cannot be reached changes nothing; the next run settles', async () => {
    const { order } = await paidButCallbackLost(t)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    const down = createSepGateway({
      name: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      terminalId: TERMINAL,
      timeoutMs: 1000,
      retryDelayMs: 0,
    })
    const report = await reconcileNow(t, { gateway: down })
    expect(report).toMatchObject({ unreachable: 1, settled: [], closed: [] })
    expect(await stageOf(t, order.id)).toBe('awaiting_payment')
    expect((await reconcileNow(t)).settled).toEqual([{ orderId: order.id, outcome: 'success' }])
  })

  it('two reconcilers and the callback at once move the order once', async () => {
    const { order, callback } = await paidButCallbackLost(t)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    await Promise.all([reconcileNow(t), reconcileNow(t), postCallback(t, callback.fields)])
    expect(await stageOf(t, order.id)).toBe('paid')
    const paid = (await eventsOf(t, order.id)).filter((event) => event.to_stage === 'paid')
    expect(paid).toHaveLength(1)
  })
})
