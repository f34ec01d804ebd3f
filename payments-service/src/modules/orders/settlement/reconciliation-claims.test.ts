import { describe, expect, it } from 'vitest'
import {
  attemptsOf,
  createOrder,
  paidButCallbackLost,
  postCallback,
  RECONCILE_GRACE_MINUTES,
  reconcileNow,
  stageOf,
  startOrder,
  useOrdersApp,
  type OrdersTestApp,
} from '../../../test/orders.ts'
import { claimSecondsFor, PENDING_RECHECK_SECONDS, RECONCILIATION_QUEUE } from './reconciliation.ts'

/**
 * Which attempts a reconciliation run takes (ADR 032): the due ones by `next_check_at`, each
 * claimed under a row lock before the bank hears of it. Against the real sandbox bank, whose
 * counters tell how often it was asked.
 */

/** An order of a new customer, started at the bank `attempts` times and never paid. */
async function pendingAttempts(t: OrdersTestApp, attempts: number) {
  const { token } = await t.customer()
  const order = await createOrder(t, token)
  for (let i = 0; i < attempts; i++) await startOrder(t, token, order.id)
  return order
}

describe('reconciliation claims', () => {
  const t = useOrdersApp()

  it('two reconcilers at once never ask the bank twice about one attempt', async () => {
    await pendingAttempts(t, 4)
    const { order } = await paidButCallbackLost(t)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    // A slow bank keeps both runs in flight together.
    t.bank.setFaults({ receipt: { kind: 'slow', ms: 150 } })
    const before = t.bank.stats.receiptCalls

    const [one, two] = await Promise.all([reconcileNow(t), reconcileNow(t)])

    t.bank.setFaults({})
    expect(t.bank.stats.receiptCalls - before).toBe(5)
    expect(one.pending + two.pending).toBe(4)
    expect([...one.settled, ...two.settled]).toEqual([{ orderId: order.id, outcome: 'success' }])
    expect(await stageOf(t, order.id)).toBe('paid')
  })

  it('sixty attempts the bank keeps calling pending do not keep a newer paid one waiting', async () => {
    await pendingAttempts(t, 60)
    const { order } = await paidButCallbackLost(t)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)

    // A run takes a batch (50); the next one goes on with those not asked yet.
    const first = await reconcileNow(t)
    const second = await reconcileNow(t)

    expect(first.pending + second.pending).toBe(60)
    expect(second.settled).toEqual([{ orderId: order.id, outcome: 'success' }])
    expect(await stageOf(t, order.id)).toBe('paid')
    // Pending ones go to the back: asked again only PENDING_RECHECK_SECONDS later.
    const before = t.bank.stats.receiptCalls
    expect(await reconcileNow(t)).toMatchObject({ pending: 0, settled: [] })
    t.clock.advance(PENDING_RECHECK_SECONDS - 5)
    expect(await reconcileNow(t)).toMatchObject({ pending: 0, settled: [] })
    expect(t.bank.stats.receiptCalls).toBe(before)
    t.clock.advance(10)
    expect(await reconcileNow(t, { batchSize: 100 })).toMatchObject({ pending: 60 })
  })

  it('the attempt a killed reconciler was asking about is asked again after one bank call, not the pending wait', async () => {
    const { order } = await paidButCallbackLost(t)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    // The reconciler claims the attempt, asks the bank and is never heard of again (SIGKILL).
    const gateway = t.services.orders.gateway
    let asked!: () => void
    const killedMidCall = new Promise<void>((resolve) => (asked = resolve))
    void reconcileNow(t, {
      gateway: {
        ...gateway,
        inquire: () => {
          asked()
          return new Promise(() => undefined)
        },
      },
    })
    await killedMidCall

    // Its claim holds while a bank call could still be running…
    expect(await reconcileNow(t)).toMatchObject({ settled: [], pending: 0 })
    // …and runs out after one call's time (4 × GATEWAY_TIMEOUT_MS), well before the pending wait.
    const claimSeconds = claimSecondsFor(t.deps.config.GATEWAY_TIMEOUT_MS)
    expect(claimSeconds).toBeLessThan(PENDING_RECHECK_SECONDS)
    t.clock.advance(claimSeconds + 1)
    expect(await reconcileNow(t)).toMatchObject({
      settled: [{ orderId: order.id, outcome: 'success' }],
    })
    expect(await stageOf(t, order.id)).toBe('paid')
  })

  it('closes an attempt still pending past RECONCILE_GIVE_UP_MINUTES, loudly, and counts it', async () => {
    const order = await pendingAttempts(t, 1)
    const { order: paid } = await paidButCallbackLost(t)
    t.clock.advance(41 * 60)
    const counted = async () =>
      (await t.deps.metrics.reconcileGaveUp.get()).values.find(
        (value) => value.labels.reason === 'pending_timeout',
      )?.value ?? 0
    const before = await counted()

    // The job the engine runs, as configured (RECONCILE_GIVE_UP_MINUTES: 40 by default).
    expect(await t.deps.jobs.trigger(RECONCILIATION_QUEUE)).toMatchObject({ completed: 1 })

    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt).toMatchObject({ status: 'failed', failure: 'reconciled_pending_timeout' })
    expect(await counted()).toBe(before + 1)
    expect(await stageOf(t, order.id)).toBe('awaiting_payment')
    // The paid attempt beside it was not held up (the bank's own clock did not move).
    expect(await stageOf(t, paid.id)).toBe('paid')
  })

  it('resumes an unanswered reversal from one reconciler only', async () => {
    const { order, token, callback } = await paidButCallbackLost(t)
    const cancel = await t.api.post(`/api/payments/${order.id}/cancel/`, {}, { token })
    expect(cancel.status, cancel.text).toBe(200)
    t.clock.advance(RECONCILE_GRACE_MINUTES * 60 + 1)
    // The reversal asked by the first run goes unanswered: the attempt waits in `reversing`.
    t.bank.setFaults({ reverse: { kind: 'down' } })
    await reconcileNow(t)
    const [stuck] = await attemptsOf(t, order.id)
    expect(stuck?.status).toBe('reversing')
    const atBank = () => t.bank.payments().find((p) => p.refNum === callback.fields.RefNum)
    const reversesBefore = atBank()?.reverseCalls ?? 0

    t.clock.advance(5 * 60)
    t.bank.setFaults({ reverse: { kind: 'slow', ms: 150 } })
    await Promise.all([reconcileNow(t), reconcileNow(t)])
    t.bank.setFaults({})

    expect((atBank()?.reverseCalls ?? 0) - reversesBefore).toBe(1)
    expect(atBank()?.reversed).toBe(true)
    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt?.status).toBe('reversed')
    // A late callback changes nothing.
    await postCallback(t, callback.fields)
    expect(await stageOf(t, order.id)).toBe('cancelled')
  })
})
