import { formatJalaliDate, toLatinDigits } from '@arzpol/contracts'
import { describe, expect, it } from 'vitest'
import { moneyBackSmsText } from '../../auth/sms/sms-provider.ts'
import { addWorkingDays } from './money-back.ts'
import {
  orderWithTwoAttempts,
  payAtBank,
  postCallback,
  staffRefundTheBankRefuses,
  useOrdersApp,
  type OrdersTestApp,
} from '../../../test/orders.ts'

/**
 * "Where is my money" by SMS: each return of an order's money that opens tells its
 * owner the amount, why and by when — through the real Kavenegar adapter, against its local
 * stand-in — and nothing else sends one.
 */

const TEMPLATE = 'arzpol-money-back'
const DAY_MS = 86_400_000

async function moneyBackSms(t: OrdersTestApp, phone: string) {
  await t.deps.sms.drain()
  return t.kavenegar.received
    .filter((r) => r.form.template === TEMPLATE && r.form.receptor === phone)
    .map((r) => r.form)
}

const jalali = (at: Date) => toLatinDigits(formatJalaliDate(at))

describe('money-back SMS', () => {
  const t = useOrdersApp({
    GATEWAY_RETRY_DELAY_MS: '0',
    KAVENEGAR_MONEY_BACK_TEMPLATE: TEMPLATE,
  })

  it('a second payment of a paid order: its owner hears the amount, why, and by when', async () => {
    const { customer, order, one, two } = await orderWithTwoAttempts(t)
    await postCallback(t, (await payAtBank(one)).fields)
    expect(await moneyBackSms(t, customer.user.phone)).toEqual([])

    await postCallback(t, (await payAtBank(two)).fields)
    expect(await moneyBackSms(t, customer.user.phone)).toEqual([
      expect.objectContaining({
        token: String(order.id),
        token2: String(order.amount_irr / 10),
        // A bank reversal: within a day.
        token3: jalali(new Date(t.clock.now().getTime() + DAY_MS)),
        token10: 'پرداخت تکراری',
      }),
    ])
  })

  it('a staff refund the bank will not reverse: no promise for the reversal, one SMS for the transfer', async () => {
    const { customer, order } = await staffRefundTheBankRefuses(t)

    expect(await moneyBackSms(t, customer.user.phone)).toEqual([
      expect.objectContaining({
        token: String(order.id),
        token10: 'بازپرداخت سفارش',
        // A bank transfer by staff: three working days.
        token3: jalali(addWorkingDays(t.clock.now(), 3)),
      }),
    ])
  })

  it('a payment the bank will not reverse and staff have not returned yet: no SMS', async () => {
    const { customer, one, two } = await orderWithTwoAttempts(t)
    await postCallback(t, (await payAtBank(one)).fields)
    t.bank.setFaults({ reverse: { kind: 'refuse' } })
    await postCallback(t, (await payAtBank(two)).fields)
    t.bank.setFaults({})
    expect(await moneyBackSms(t, customer.user.phone)).toEqual([])
  })

  it('says it in Persian on the console provider too', () => {
    const text = moneyBackSmsText({
      orderId: 42,
      amountIrr: 12_500_000,
      reason: 'پرداخت تکراری',
      expectedBy: null,
    })
    expect(text).toContain('۱٬۲۵۰٬۰۰۰ تومان')
    expect(text).toContain('سفارش شماره ۴۲')
    expect(text).toContain('(پرداخت تکراری)')
  })
})
