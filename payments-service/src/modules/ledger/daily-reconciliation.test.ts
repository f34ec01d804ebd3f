import { describe, expect, it } from 'vitest'
import { tehranDayOf } from '../../lib/tehran-day.ts'
import { orderWithTwoAttempts, payAtBank, postCallback, useOrdersApp } from '../../test/orders.ts'
import { reconciliationCsv } from './daily-reconciliation.ts'

describe('daily reconciliation for accounting', () => {
  const t = useOrdersApp({ GATEWAY_RETRY_DELAY_MS: '0' })

  it('lists the day’s verified payments beside the ledger, and a double payment as captured then returned', async () => {
    const staff = await t.customer('support')
    const { order, one, two } = await orderWithTwoAttempts(t)
    await postCallback(t, (await payAtBank(one)).fields)
    await postCallback(t, (await payAtBank(two)).fields)

    const day = tehranDayOf(t.clock.now())
    const response = await t.api.get<{
      lines: Array<Record<string, unknown>>
      totals: unknown[]
      differences: unknown[]
    }>(`/api/staff/reconciliation/?day=${day}`, { token: staff.token })
    expect(response.status, response.text).toBe(200)
    const amount = order.amount_irr
    expect(response.body.lines).toMatchObject([
      {
        status: 'verified',
        bank_verified_irr: amount,
        ledger_captured_irr: amount,
        ledger_returned_irr: 0,
      },
      {
        status: 'reversed',
        bank_verified_irr: amount,
        ledger_captured_irr: amount,
        ledger_returned_irr: amount,
      },
    ])
    expect(response.body.totals).toEqual([
      { gateway: 'sandbox', bank_verified_irr: 2 * amount, ledger_captured_irr: 2 * amount },
    ])
    expect(response.body.differences).toEqual([])

    const csv = await fetch(`${t.api.url}/api/staff/reconciliation/csv/?day=${day}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const text = await csv.text()
    // Persian words for the accountants, amounts in rials as on the bank's statement.
    expect(text.split('\r\n')[0]).toBe(
      'درگاه,شناسه تلاش پرداخت,شماره سفارش,شماره رزرو (ResNum),شماره مرجع بانک (RefNum),وضعیت,مبلغ تأییدشده بانک (ریال),مبلغ ثبت‌شده در دفتر (ریال),مبلغ برگشتی در دفتر (ریال),اختلاف (ریال)',
    )
    expect(text).toContain(`,برگشت‌خورده به کارت,${amount},${amount},${amount},0`)
    expect(text.split('\r\n')).toHaveLength(4)
  })

  it('is staff only, and refuses a day that is not one', async () => {
    const customer = await t.customer()
    const staff = await t.customer('support')
    expect(
      (await t.api.get('/api/staff/reconciliation/?day=2026-11-25', { token: customer.token }))
        .status,
    ).toBe(403)
    expect(
      (await t.api.get('/api/staff/reconciliation/?day=1405-13-40', { token: staff.token })).status,
    ).toBe(400)
  })

  it('keeps a spreadsheet from running a cell as a formula', () => {
    const csv = reconciliationCsv({
      day: '2026-11-25',
      totals: [],
      differences: [],
      lines: [
        {
          gateway: 'sep',
          gateway_tx_id: 1,
          payment_id: 2,
          res_num: '=HYPERLINK("x")',
          ref_num: null,
          status: 'verified',
          bank_verified_irr: 10,
          ledger_captured_irr: 10,
          ledger_returned_irr: 0,
          difference_irr: 0,
        },
      ],
    })
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv).toContain(`sep,1,2,"'=HYPERLINK(""x"")",,تأییدشده بانک,10,10,0,0`)
  })
})
