import { afterEach, describe, expect, it } from 'vitest'
import { checkLedger } from '../../ledger/invariants.ts'
import { balanceOf } from '../../ledger/journal.ts'
import {
  orderWithTwoAttempts,
  payAtBank,
  postCallback,
  reconcileNow,
} from '../../../test/orders.ts'
import { moneyToReturnTotals } from './money-to-return.ts'
import { useStaffApp } from '../../../test/staff.ts'

interface Item {
  gateway_tx_id: number
  payment_id: number
  customer_phone: string
  amount_irr: number
  reason: string | null
  return_block: string | null
  status: string
  refunds: Array<{ id: number; status: string; method: string; reference: string | null }>
}
interface Page {
  count: number
  total_irr: number
  results: Item[]
}

describe('money to return', () => {
  const t = useStaffApp({
    GATEWAY_RETRY_DELAY_MS: '0',
    KAVENEGAR_MONEY_BACK_TEMPLATE: 'arzpol-money-back',
  })

  afterEach(async () => {
    t.bank.setFaults({})
    expect(await checkLedger(t.deps.db)).toEqual([])
  })

  /** A customer pays one order twice (two tabs); the bank refuses to reverse the second. */
  async function paidTwiceRefused() {
    const { customer, order, one, two } = await orderWithTwoAttempts(t)
    await postCallback(t, (await payAtBank(one)).fields)
    const second = await payAtBank(two)
    t.bank.setFaults({ reverse: { kind: 'refuse' } })
    await postCallback(t, second.fields)
    t.bank.setFaults({})
    return { customer, order }
  }

  const list = (token: string) => t.api.get<Page>('/api/staff/money-to-return/', { token })

  it('lists a double payment the bank refused to reverse, oldest first; customers cannot see it', async () => {
    const first = await paidTwiceRefused()
    t.clock.advance(60_000)
    const second = await paidTwiceRefused()
    const staff = await t.customer('support')

    const page = await list(staff.token)
    expect(page.status, page.text).toBe(200)
    expect(page.body.count).toBe(2)
    expect(page.body.results.map((item) => item.payment_id)).toEqual([
      first.order.id,
      second.order.id,
    ])
    expect(page.body.results[0]).toMatchObject({
      customer_phone: first.customer.user.phone,
      amount_irr: first.order.amount_irr,
      reason: 'duplicate_payment',
      return_block: 'reversal_refused',
      status: 'suspense',
      refunds: [{ method: 'gateway_reverse', status: 'refused' }],
    })
    expect(page.body.total_irr).toBe(first.order.amount_irr + second.order.amount_irr)
    expect(await moneyToReturnTotals(t.deps.db)).toMatchObject({
      amountIrr: first.order.amount_irr + second.order.amount_irr,
    })

    const asCustomer = await list(second.customer.token)
    expect(asCustomer.status).toBe(403)
    const refund = await t.api.post(
      `/api/staff/money-to-return/${page.body.results[0]?.gateway_tx_id}/refund/`,
      { note: 'x' },
      { token: second.customer.token },
    )
    expect(refund.status).toBe(403)
  })

  it('refund by hand, then settle with the bank reference: gone from the list', async () => {
    const staff = await t.customer('support')
    const { customer, order } = await paidTwiceRefused()
    const [item] = (await list(staff.token)).body.results
    if (!item) throw new Error('no item')
    const url = `/api/staff/money-to-return/${item.gateway_tx_id}/refund/`

    const noNote = await t.api.post(url, { note: '  ' }, { token: staff.token })
    expect(noNote.status).toBe(400)
    expect(JSON.stringify(noNote.body)).toContain('توضیح بازپرداخت دستی لازم است')

    const opened = await t.api.post<{ id: number; method: string; status: string }>(
      url,
      { note: 'کارت مشتری تماس گرفت' },
      { token: staff.token },
    )
    expect(opened.status, opened.text).toBe(201)
    expect(opened.body).toMatchObject({ method: 'manual', status: 'pending' })
    expect(await checkLedger(t.deps.db)).toEqual([])
    // The customer hears that the money is coming (the refused reversal itself sent nothing).
    await t.deps.sms.drain()
    const told = t.kavenegar.received.filter(
      (r) => r.form.template === 'arzpol-money-back' && r.form.receptor === customer.user.phone,
    )
    expect(told.map((r) => [r.form.token, r.form.token10])).toEqual([
      [String(order.id), 'پرداخت تکراری'],
    ])

    const again = await t.api.post(url, { note: 'دوباره' }, { token: staff.token })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'refund_open' })

    // Still listed while the transfer is pending, now on its way back.
    const pending = (await list(staff.token)).body.results
    expect(pending).toHaveLength(1)
    expect(pending[0]?.refunds.at(-1)).toMatchObject({ status: 'pending', method: 'manual' })

    const event = (await t.deps
      .db('payment_events')
      .where({ payment_id: order.id, reason: 'refund_by_hand' })
      .first()) as { actor: string; actor_user_id: number; data: Record<string, unknown> }
    expect(event).toMatchObject({ actor: 'staff', actor_user_id: staff.id })
    expect(event.data).toMatchObject({ internal_note: 'کارت مشتری تماس گرفت' })

    const settled = await t.api.post(
      `/api/staff/refunds/${opened.body.id}/settle/`,
      { reference: 'TR-12345' },
      { token: staff.token },
    )
    expect(settled.status, settled.text).toBe(200)
    expect((await list(staff.token)).body).toMatchObject({ count: 0, results: [] })
    expect(await balanceOf(t.deps.db, 'suspense', { orderId: order.id })).toBe(0n)
    expect(await moneyToReturnTotals(t.deps.db)).toEqual({ amountIrr: 0, oldestSeconds: 0 })
    const attempt = (await t.deps
      .db('gateway_transactions')
      .where({ id: item.gateway_tx_id })
      .first()) as { status: string }
    expect(attempt.status).toBe('suspense')

    const afterSettle = await t.api.post(url, { note: 'سوم' }, { token: staff.token })
    expect(afterSettle.status).toBe(409)
  })

  it('an item staff return by hand is no longer reversed by reconciliation', async () => {
    const staff = await t.customer('support')
    const { order } = await paidTwiceRefused()
    const [item] = (await list(staff.token)).body.results
    if (!item) throw new Error('no item')
    // As after a crash before the automatic reversal: no block, reconciliation would try it.
    await t.deps
      .db('gateway_transactions')
      .where({ id: item.gateway_tx_id })
      .update({ return_block: null })
    const opened = await t.api.post(
      `/api/staff/money-to-return/${item.gateway_tx_id}/refund/`,
      { note: 'مشتری شماره کارت دیگری داد' },
      { token: staff.token },
    )
    expect(opened.status, opened.text).toBe(201)
    expect(
      await t.deps
        .db('gateway_transactions')
        .where({ id: item.gateway_tx_id })
        .first('return_block'),
    ).toEqual({ return_block: 'refunded_by_hand' })

    const reverseCalls = t.bank.stats.reverseCalls
    t.clock.advance(10 * 60_000)
    await reconcileNow(t)
    expect(t.bank.stats.reverseCalls).toBe(reverseCalls)
    expect(await t.deps.db('refunds').where({ payment_id: order.id }).orderBy('id')).toMatchObject([
      { method: 'gateway_reverse', status: 'refused' },
      { method: 'manual', status: 'pending' },
    ])
  })

  it('where is my money: the customer sees the money held, then on its way, then its reference', async () => {
    const staff = await t.customer('support')
    const { customer, order } = await paidTwiceRefused()
    const moneyBack = async () => {
      const detail = await t.api.get<{
        money_back: Array<Record<string, unknown>>
        events: unknown[]
      }>(`/api/payments/${order.id}/`, { token: customer.token })
      expect(detail.status, detail.text).toBe(200)
      return detail.body
    }
    expect((await moneyBack()).money_back).toEqual([
      expect.objectContaining({
        amount_irr: order.amount_irr,
        status: 'held',
        reason: 'duplicate_payment',
        reference: null,
        expected_by: null,
      }),
    ])

    const [item] = (await list(staff.token)).body.results
    const opened = await t.api.post<{ id: number }>(
      `/api/staff/money-to-return/${item?.gateway_tx_id}/refund/`,
      { note: 'یادداشت داخلی' },
      { token: staff.token },
    )
    expect(opened.status).toBe(201)
    const pending = await moneyBack()
    expect(pending.money_back).toEqual([
      expect.objectContaining({ status: 'pending', reason: 'duplicate_payment', reference: null }),
    ])
    const [row] = pending.money_back
    const days =
      (Date.parse(String(row?.expected_by)) - Date.parse(String(row?.created_at))) / 86_400_000
    expect(days === 3 || days === 4).toBe(true)
    // The staff member's note stays internal.
    expect(JSON.stringify(pending.events)).not.toContain('یادداشت داخلی')

    await t.api.post(
      `/api/staff/refunds/${opened.body.id}/settle/`,
      { reference: 'TR-777' },
      { token: staff.token },
    )
    expect((await moneyBack()).money_back).toEqual([
      expect.objectContaining({
        status: 'done',
        reference: 'TR-777',
        amount_irr: order.amount_irr,
      }),
    ])
  })
})
