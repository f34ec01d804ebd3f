import { describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../../sandbox-bank/cards.ts'
import { OrderEvent } from '../../../models/order-event.model.ts'
import { Order } from '../../../models/order.model.ts'
import {
  createOrder,
  createPayoutOrder,
  orderWithTwoAttempts,
  payAtBank,
  postCallback,
  startOrder,
  useOrdersApp,
  WEB,
} from '../../../test/orders.ts'

const paidEvents = async (t: ReturnType<typeof useOrdersApp>, id: number) =>
  OrderEvent.query(t.deps.db).where({ payment_id: id, to_stage: 'paid' })

describe('bank callback', () => {
  const t = useOrdersApp()

  async function startedOrder() {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const start = await startOrder(t, customer.token, order.id)
    return { customer, order, start }
  }

  it('pays an order: page shows the amount, callback verifies, order becomes paid, browser goes to web', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start)
    expect(bank.page).toContain('۵۹٬۲۲۵٬۰۰۰ ریال')
    expect(bank.page).toContain('lang="fa" dir="rtl"')
    expect(bank.method).toBe('post')
    expect(bank.action).toBe(`${WEB}/api/payments/callback/`)
    expect(bank.fields).toMatchObject({
      State: 'OK',
      Status: '2',
      Amount: '59225000',
      Token: start.token,
    })

    const response = await postCallback(t, bank.fields)
    expect(response.status).toBe(303)
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=success`)
    const row = await Order.query(t.deps.db).findById(order.id)
    expect(row).toMatchObject({ stage: 'paid', status: 'processing' })
    expect(row?.paid_at).toBeInstanceOf(Date)
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(attempt).toMatchObject({
      status: 'verified',
      ref_num: bank.fields.RefNum,
      masked_pan: '621986******0009',
    })
    expect(t.bank.stats.verifyCalls).toBeGreaterThanOrEqual(1)
  })

  it('the order then carries the bank’s receipt for the customer; an unpaid one none', async () => {
    const { customer, order, start } = await startedOrder()
    const before = await t.api.get<{ bank_receipt: unknown }>(`/api/payments/${order.id}/`, {
      token: customer.token,
    })
    expect(before.body.bank_receipt).toBeNull()
    const bank = await payAtBank(start)
    await postCallback(t, bank.fields)
    const after = await t.api.get<{ bank_receipt: Record<string, unknown> }>(
      `/api/payments/${order.id}/`,
      { token: customer.token },
    )
    expect(after.body.bank_receipt).toEqual({
      ref_num: bank.fields.RefNum,
      rrn: expect.any(String),
      trace_no: expect.any(String),
      masked_pan: '621986******0009',
      verified_at: expect.any(String),
    })
  })

  it('is idempotent: the same callback again changes nothing and verifies nothing', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start)
    await postCallback(t, bank.fields)
    const verifies = t.bank.stats.verifyCalls
    const again = await postCallback(t, bank.fields)
    expect(again.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=success`)
    expect(t.bank.stats.verifyCalls).toBe(verifies)
    expect(await paidEvents(t, order.id)).toHaveLength(1)
  })

  it('100 identical callbacks at the same time: one transition, one audit event, one verify', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start)
    const verifies = t.bank.stats.verifyCalls
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => postCallback(t, bank.fields)),
    )
    for (const response of responses) {
      expect(response.status).toBe(303)
      expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=success`)
    }
    expect(await paidEvents(t, order.id)).toHaveLength(1)
    const events = await OrderEvent.query(t.deps.db).where({ payment_id: order.id })
    expect(events.map((e) => e.to_stage)).toEqual(['awaiting_payment', 'paid'])
    expect(t.bank.stats.verifyCalls - verifies).toBe(1)
  }, 60_000)

  it('cancel at the bank → payment_failed, browser told failed', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start, 'cancel')
    expect(bank.fields).toMatchObject({ State: 'CanceledByUser', Status: '1', RefNum: '' })
    const response = await postCallback(t, bank.fields)
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=failed`)
    const row = await Order.query(t.deps.db).findById(order.id)
    expect(row).toMatchObject({ stage: 'payment_failed', status: 'failed' })
    const event = await OrderEvent.query(t.deps.db).findOne({
      payment_id: order.id,
      to_stage: 'payment_failed',
    })
    expect(event?.reason).toBe('gateway_state_CanceledByUser')
  })

  it('insufficient funds → payment_failed', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start, 'pay', TEST_CARDS.insufficientFunds)
    expect(bank.fields).toMatchObject({ State: 'Failed', Status: '3' })
    await postCallback(t, bank.fields)
    expect((await Order.query(t.deps.db).findById(order.id))?.stage).toBe('payment_failed')
  })

  it('a forged "OK" without a real bank payment is never verified: the bank\'s receipt does not name it', async () => {
    const { order, start } = await startedOrder()
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    const verifies = t.bank.stats.verifyCalls
    const response = await postCallback(t, {
      State: 'OK',
      Status: '2',
      RefNum: 'forged-reference',
      ResNum: attempt.res_num,
      Token: start.token ?? '',
      Amount: String(order.amount_irr),
    })
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=pending`)
    expect(t.bank.stats.verifyCalls).toBe(verifies)
    const row = await Order.query(t.deps.db).findById(order.id)
    expect(row?.stage).toBe('awaiting_payment')
    expect(await t.deps.db('gateway_transactions').where({ id: attempt.id }).first()).toMatchObject(
      {
        status: 'token_created',
        failure: 'unproven_reference',
        callback_ref_num: 'forged-reference',
        ref_num: null,
      },
    )
  })

  it('wrong amount: the bank verified a different amount than ours → failed and reversed', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start)
    // Our stored amount no longer matches what the bank took (e.g. tampering between start and callback).
    await t.deps
      .db('payments')
      .where({ id: order.id })
      .update({ amount_irr: order.amount_irr + 1 })
    const response = await postCallback(t, bank.fields)
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=failed`)
    expect((await Order.query(t.deps.db).findById(order.id))?.stage).toBe('payment_failed')
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(attempt).toMatchObject({
      status: 'reversed',
      failure: 'amount_mismatch',
      ref_num: bank.fields.RefNum,
    })
    // The automatic reversal is a refund on record (ADR 014).
    expect(await t.deps.db('refunds').where({ payment_id: order.id })).toMatchObject([
      { method: 'gateway_reverse', status: 'done', reason: 'amount_mismatch' },
    ])
    expect(t.bank.payments().find((p) => p.refNum === bank.fields.RefNum)?.reversed).toBe(true)
  })

  it('a verify answer that leaves the amount out is a mismatch: never paid, the money goes back', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start)
    t.bank.setFaults({ verify: { kind: 'terse' } })
    try {
      const response = await postCallback(t, bank.fields)
      expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=failed`)
    } finally {
      t.bank.setFaults({})
    }
    expect(await paidEvents(t, order.id)).toHaveLength(0)
    expect((await Order.query(t.deps.db).findById(order.id))?.stage).toBe('payment_failed')
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(attempt).toMatchObject({ status: 'reversed', failure: 'amount_mismatch' })
    expect(await t.deps.db('refunds').where({ payment_id: order.id })).toMatchObject([
      { method: 'gateway_reverse', status: 'done', reason: 'amount_mismatch' },
    ])
    expect(t.bank.payments().find((p) => p.refNum === bank.fields.RefNum)?.reversed).toBe(true)
  })

  it('a bank reference replayed onto another order is refused (RefNum consumed once)', async () => {
    const first = await startedOrder()
    const paid = await payAtBank(first.start)
    await postCallback(t, paid.fields)
    expect((await Order.query(t.deps.db).findById(first.order.id))?.stage).toBe('paid')

    const second = await startedOrder()
    const secondTx = await t.deps
      .db('gateway_transactions')
      .where({ payment_id: second.order.id })
      .first()
    const replay = await postCallback(t, {
      ...paid.fields,
      ResNum: secondTx.res_num,
      Token: second.start.token ?? '',
    })
    expect(replay.location).toBe(`${WEB}/dashboard/orders/${second.order.id}?payment=failed`)
    expect((await Order.query(t.deps.db).findById(second.order.id))?.stage).toBe('payment_failed')
    expect(
      (await t.deps.db('gateway_transactions').where({ id: secondTx.id }).first()).failure,
    ).toBe('ref_num_reused')
    // The first order keeps its payment; nothing was reversed.
    expect((await Order.query(t.deps.db).findById(first.order.id))?.stage).toBe('paid')
    expect(t.bank.payments().find((p) => p.refNum === paid.fields.RefNum)?.reversed).toBe(false)
  })

  it('the database itself refuses a second use of a bank reference', async () => {
    const first = await startedOrder()
    const second = await startedOrder()
    await t.deps
      .db('gateway_transactions')
      .where({ payment_id: first.order.id })
      .update({ ref_num: 'R-1' })
    await expect(
      t.deps
        .db('gateway_transactions')
        .where({ payment_id: second.order.id })
        .update({ ref_num: 'R-1' }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'gateway_transactions_ref_num_unique' })
  })

  it('a callback whose Token does not match the attempt changes nothing', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start)
    const response = await postCallback(t, { ...bank.fields, Token: 'f'.repeat(32) })
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=failed`)
    expect((await Order.query(t.deps.db).findById(order.id))?.stage).toBe('awaiting_payment')
    // The genuine callback still settles it.
    await postCallback(t, bank.fields)
    expect((await Order.query(t.deps.db).findById(order.id))?.stage).toBe('paid')
  })

  it('an unknown attempt goes to the orders page as failed', async () => {
    const response = await postCallback(t, {
      State: 'OK',
      Status: '2',
      ResNum: 'nope',
      RefNum: 'x',
    })
    expect(response.status).toBe(303)
    expect(response.location).toBe(`${WEB}/dashboard/orders?payment=failed`)
  })

  it('accepts the callback as GET (SEP GetMethod=true)', async () => {
    const { order, start } = await startedOrder()
    const bank = await payAtBank(start)
    const response = await fetch(
      `${t.api.url}/api/payments/callback/?${new URLSearchParams(bank.fields).toString()}`,
      { redirect: 'manual' },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(
      `${WEB}/dashboard/orders/${order.id}?payment=success`,
    )
  })

  it('paying a second attempt of an already paid order gives that money back', async () => {
    const { order, one, two } = await orderWithTwoAttempts(t)
    const paidOne = await payAtBank(one)
    const paidTwo = await payAtBank(two)
    await postCallback(t, paidOne.fields)
    const response = await postCallback(t, paidTwo.fields)
    expect(response.location).toBe(`${WEB}/dashboard/orders/${order.id}?payment=success`)
    expect(await paidEvents(t, order.id)).toHaveLength(1)
    expect(t.bank.payments().find((p) => p.refNum === paidTwo.fields.RefNum)?.reversed).toBe(true)
  })

  describe('the staff refund (the one refund path)', () => {
    const refund = (orderId: number, token: string) =>
      t.api.post(
        `/api/payments/${orderId}/transition/`,
        { to: 'refunded', note: 'خرید ممکن نشد.' },
        { token },
      )

    it('gives a paid order its money back through the bank, once', async () => {
      const { customer, order, start } = await startedOrder()
      const staff = await t.customer('support')
      await postCallback(t, (await payAtBank(start)).fields)
      const reversalsBefore = t.bank.stats.reverseCalls
      const response = await refund(order.id, staff.token)
      expect(response.status, response.text).toBe(200)
      expect(t.bank.stats.reverseCalls).toBeGreaterThan(reversalsBefore)
      // The customer sees the order failed, its money returned.
      const mine = await t.api.get(`/api/payments/${order.id}/`, { token: customer.token })
      expect(mine.body).toMatchObject({ stage: 'refunded', status: 'failed' })
      // The back office's account of refunds has it, settled by the bank.
      expect(await t.deps.db('refunds').where({ payment_id: order.id })).toMatchObject([
        { method: 'gateway_reverse', status: 'done', amount_irr: order.amount_irr },
      ])
      // Not twice.
      expect((await refund(order.id, staff.token)).status).toBe(409)
    })

    it('is staff only, and refused for an unpaid order', async () => {
      const { customer, order } = await startedOrder()
      const staff = await t.customer('admin')
      const reversalsBefore = t.bank.stats.reverseCalls
      expect((await refund(order.id, customer.token)).status).toBe(403)
      const unpaid = await refund(order.id, staff.token)
      expect(unpaid.status).toBe(409)
      expect(unpaid.body).toMatchObject({ code: 'illegal_transition' })
      expect(t.bank.stats.reverseCalls).toBe(reversalsBefore)
    })
  })
})

describe('staff transitions', () => {
  const t = useOrdersApp()

  it('walks a paid order to done and refuses what the table does not allow', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    const order = await createOrder(t, customer.token)
    const move = (to: string) =>
      t.api.post(`/api/payments/${order.id}/transition/`, { to }, { token: staff.token })

    // Not paid yet: cannot start work or finish.
    expect((await move('in_progress')).status).toBe(409)
    expect((await move('done')).status).toBe(409)
    await postCallback(t, (await payAtBank(await startOrder(t, customer.token, order.id))).fields)
    expect((await move('in_progress')).body).toMatchObject({
      stage: 'in_progress',
      status: 'processing',
    })
    expect((await move('in_progress')).status).toBe(409)
    expect((await move('done')).body).toMatchObject({ stage: 'done', status: 'completed' })
    expect((await move('cancelled')).status).toBe(409)
    const events = await OrderEvent.query(t.deps.db).where({ payment_id: order.id }).orderBy('id')
    expect(events.map((e) => `${e.from_stage}→${e.to_stage}:${e.actor}`)).toEqual([
      'null→awaiting_payment:customer',
      'awaiting_payment→paid:gateway',
      'paid→in_progress:staff',
      'in_progress→done:staff',
    ])
  })

  it('is refused to customers', async () => {
    const customer = await t.customer()
    const order = await createOrder(t, customer.token)
    const response = await t.api.post(
      `/api/payments/${order.id}/transition/`,
      { to: 'done' },
      { token: customer.token },
    )
    expect(response.status).toBe(403)
  })
})

describe('cash-out (payout)', () => {
  const t = useOrdersApp()
  const SHEBA = 'IR820540102680020817909002'

  it('takes the non-gateway branch: gateway_url null, the Sheba recorded, waits for its documents', async () => {
    const customer = await t.customer()
    const order = await createPayoutOrder(t, customer.token)
    // Rials the customer receives: 200 × 1,150,000 = 230,000,000 − 2.5% = 224,250,000
    expect(order.amount_irr).toBe(224_250_000)
    const bad = await t.api.post(
      `/api/payments/${order.id}/start/`,
      { card_number: null, sheba: 'IR820540102680020817909003' },
      { token: customer.token },
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ sheba: ['شماره شبا معتبر نیست (IR و ۲۴ رقم)'] })
    expect((await Order.query(t.deps.db).findById(order.id))?.stage).toBe('awaiting_payment')

    const start = await t.api.post(
      `/api/payments/${order.id}/start/`,
      { card_number: null, flow: 'payout', sheba: 'ir82 0540 1026 8002 0817 9090 02' },
      { token: customer.token },
    )
    expect(start.status, start.text).toBe(200)
    expect(start.body).toEqual({ gateway_url: null, token: null })
    // No income document yet (ADR 017; payout-details.test.ts has the rest of the way).
    const row = await Order.query(t.deps.db).findById(order.id)
    expect(row).toMatchObject({ stage: 'awaiting_payout_details', status: 'pending', sheba: SHEBA })
    expect(await t.deps.db('gateway_transactions').where({ payment_id: order.id })).toEqual([])
    const cancelled = await t.api.post(
      `/api/payments/${order.id}/cancel/`,
      {},
      { token: customer.token },
    )
    expect(cancelled.status).toBe(200)
    expect(
      (
        await t.api.post(
          `/api/payments/${order.id}/start/`,
          { card_number: null },
          { token: customer.token },
        )
      ).status,
    ).toBe(409)
  })

  it('validates a Sheba given at creation', async () => {
    const customer = await t.customer()
    const response = await t.api.post(
      '/api/payments/create/',
      {
        payment_type: 'payout',
        site_url: 'upwork.com',
        amount: '100',
        currency: 'USD',
        sheba: 'IR12',
      },
      { token: customer.token },
    )
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ sheba: ['شماره شبا معتبر نیست (IR و ۲۴ رقم)'] })
  })
})
