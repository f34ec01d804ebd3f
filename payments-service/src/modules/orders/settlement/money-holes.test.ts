import { afterEach, describe, expect, it } from 'vitest'
import { balanceOf } from '../../ledger/journal.ts'
import { checkLedger } from '../../ledger/invariants.ts'
import {
  createOrder,
  attemptsOf,
  orderWithTwoAttempts,
  payAtBank,
  postCallback,
  reconcileNow,
  stageOf,
  startOrder,
  useOrdersApp,
  WEB,
  type OrdersTestApp,
} from '../../../test/orders.ts'

/**
 * The five ways money once left without a trace (ADR 014), each attacked the way it was found (a
 * hostile customer, a bank that times out or refuses), against the real sandbox bank over HTTP and
 * real PostgreSQL. After every test the ledger's invariants must hold.
 */

const POOL = 4

const bankPayment = (t: OrdersTestApp, refNum: string | undefined) =>
  t.bank.payments().find((p) => p.refNum === refNum)

describe('money holes', () => {
  const t = useOrdersApp({ GATEWAY_RETRY_DELAY_MS: '0', DATABASE_POOL_MAX: String(POOL) })

  afterEach(async () => {
    t.bank.setFaults({})
    expect(await checkLedger(t.deps.db)).toEqual([])
  })

  it('hole 1: a forged callback naming a paid attempt’s RefNum on another open attempt reverses nothing', async () => {
    const { order, one, two } = await orderWithTwoAttempts(t)
    const paid = await payAtBank(one)
    await postCallback(t, paid.fields)
    expect(await stageOf(t, order.id)).toBe('paid')
    const [, second] = await attemptsOf(t, order.id)

    const forged = await postCallback(t, {
      ...paid.fields,
      ResNum: second?.res_num ?? '',
      Token: two.token ?? '',
    })
    expect(forged.status).toBe(303)
    expect(bankPayment(t, paid.fields.RefNum)?.reversed).toBe(false)
    expect(t.bank.stats.reverseCalls).toBe(0)
    expect(await stageOf(t, order.id)).toBe('paid')
    expect(await balanceOf(t.deps.db, 'order_funds', { orderId: order.id })).toBe(
      BigInt(order.amount_irr),
    )
  })

  it('hole 1: a forged callback on a cancelled order carrying someone else’s unsettled RefNum neither captures nor reverses it', async () => {
    const attacker = await t.customer()
    const mine = await createOrder(t, attacker.token)
    const myStart = await startOrder(t, attacker.token, mine.id)
    await t.api.post(`/api/payments/${mine.id}/cancel/`, {}, { token: attacker.token })
    const [myAttempt] = await attemptsOf(t, mine.id)

    const victim = await t.customer()
    const theirs = await createOrder(t, victim.token)
    const victimPaid = await payAtBank(await startOrder(t, victim.token, theirs.id))

    await postCallback(t, {
      ...victimPaid.fields,
      ResNum: myAttempt?.res_num ?? '',
      Token: myStart.token ?? '',
    })
    const refNum = victimPaid.fields.RefNum
    expect(bankPayment(t, refNum)).toMatchObject({ verified: false, reversed: false })
    expect((await attemptsOf(t, mine.id))[0]).toMatchObject({
      status: 'token_created',
      failure: 'unproven_reference',
      callback_ref_num: refNum,
    })
    // The owner's own callback still pays the owner's order.
    const owner = await postCallback(t, victimPaid.fields)
    expect(owner.location).toBe(`${WEB}/dashboard/orders/${theirs.id}?payment=success`)
    expect(await stageOf(t, theirs.id)).toBe('paid')
  })

  it('hole 2: a verify that gets no answer keeps the RefNum; reconciliation verifies it again and pays', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const paid = await payAtBank(await startOrder(t, customer.token, order.id))
    // The bank captures the payment but its answer never reaches us.
    t.bank.setFaults({ verify: { kind: 'lost' } })
    const response = await postCallback(t, paid.fields)
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=pending`)
    const [attempt] = await attemptsOf(t, order.id)
    expect(attempt).toMatchObject({
      status: 'verifying',
      ref_num: paid.fields.RefNum,
      callback_ref_num: paid.fields.RefNum,
      failure: 'verify_unknown',
    })
    expect(await balanceOf(t.deps.db, 'unconfirmed')).toBe(BigInt(order.amount_irr))

    // Receipts keep failing too; verify of the stored RefNum is what settles it.
    t.bank.setFaults({ receipt: { kind: 'down' } })
    t.clock.advance(120)
    await reconcileNow(t)
    expect(await stageOf(t, order.id)).toBe('paid')
    expect(await balanceOf(t.deps.db, 'unconfirmed')).toBe(0n)
    expect(await balanceOf(t.deps.db, 'order_funds', { orderId: order.id })).toBe(
      BigInt(order.amount_irr),
    )
  })

  it('hole 3: an automatic reversal is a refund on record; one the bank refuses waits in money to return', async () => {
    const { order, one, two } = await orderWithTwoAttempts(t)
    await postCallback(t, (await payAtBank(one)).fields)
    const second = await payAtBank(two)
    t.bank.setFaults({ reverse: { kind: 'refuse' } })
    await postCallback(t, second.fields)

    const attempts = await attemptsOf(t, order.id)
    expect(attempts[1]).toMatchObject({
      status: 'suspense',
      failure: 'duplicate_payment',
      return_block: 'reversal_refused',
    })
    expect(await t.deps.db('refunds').where({ payment_id: order.id })).toMatchObject([
      { method: 'gateway_reverse', status: 'refused', reason: 'duplicate_payment' },
    ])
    expect(await balanceOf(t.deps.db, 'suspense')).toBe(BigInt(order.amount_irr))
    expect(bankPayment(t, second.fields.RefNum)?.reversed).toBe(false)

    // A reversal the bank accepts closes its refund and leaves nothing in suspense.
    t.bank.setFaults({})
    const other = await orderWithTwoAttempts(t)
    await postCallback(t, (await payAtBank(other.one)).fields)
    const twice = await payAtBank(other.two)
    await postCallback(t, twice.fields)
    expect(await t.deps.db('refunds').where({ payment_id: other.order.id })).toMatchObject([
      { method: 'gateway_reverse', status: 'done', reason: 'duplicate_payment' },
    ])
    expect(bankPayment(t, twice.fields.RefNum)?.reversed).toBe(true)
    expect(await balanceOf(t.deps.db, 'suspense', { orderId: other.order.id })).toBe(0n)
  })

  it('hole 4: slow verifies hold no database connection: the API answers while they wait', async () => {
    const customer = await t.customer()
    const callbacks = []
    for (let i = 0; i < POOL * 2; i++) {
      const order = await createOrder(t, customer.token)
      callbacks.push((await payAtBank(await startOrder(t, customer.token, order.id))).fields)
    }
    t.bank.setFaults({ verify: { kind: 'slow', ms: 1_500 } })
    const inFlight = Promise.all(callbacks.map((fields) => postCallback(t, fields)))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = Date.now()
    const list = await t.api.get('/api/payments/', { token: customer.token })
    expect(list.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(1_000)
    const answers = await inFlight
    for (const answer of answers) expect(answer.location).toMatch(/payment=success$/)
  })
})
