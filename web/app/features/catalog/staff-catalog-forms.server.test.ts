import { PaymentTypePatch } from '@arzpol/contracts/catalog/staff'
import { describe, expect, it } from 'vitest'
import { formData } from '../../../tests/utils.ts'
import { parseFormData, parseWholeNumber } from '~/features/staff/staff-forms.server.ts'
import {
  parsePercentToBasisPoints,
  parseRate,
  paymentTypeSchema,
} from './staff-catalog-forms.server.ts'

describe('rates', () => {
  const currencies = ['USD', 'EUR']

  it('takes toman with Persian digits and separators and sends rials', () => {
    expect(
      parseRate(formData({ currency: 'USD', rate_toman: '۱۲۰٬۵۰۰', note: '' }), currencies),
    ).toEqual({
      ok: true,
      value: { currency: 'USD', buyRateIrr: 1_205_000, note: null },
    })
    expect(parseWholeNumber('1,205,000')).toBe(1_205_000)
  })

  it('refuses fractions, zero, nonsense, huge rates and unknown currencies', () => {
    for (const rate of ['0', '12.5', 'صد', '', '-5', '100000001']) {
      const result = parseRate(formData({ currency: 'USD', rate_toman: rate }), currencies)
      expect(result.ok, rate).toBe(false)
      expect(!result.ok && result.errors.fields.rate_toman?.[0]).toMatch(/^نرخ/)
    }
    const result = parseRate(formData({ currency: 'BTC', rate_toman: '100' }), currencies)
    expect(!result.ok && result.errors.fields.currency).toEqual(['ارز را انتخاب کنید'])
  })
})

describe('payment type fees', () => {
  it('turns percent into basis points and toman into rials', () => {
    expect(parsePercentToBasisPoints('۱٫۵')).toBe(150)
    expect(parsePercentToBasisPoints('2.25')).toBe(225)
    expect(parsePercentToBasisPoints('100')).toBe(10_000)
    expect(parsePercentToBasisPoints('100.01')).toBe(10_001) // the bounds refuse it, not the reader
    expect(parsePercentToBasisPoints('1.234')).toBeNaN()
    const parsed = parseFormData(
      paymentTypeSchema,
      formData({
        code: 'topup',
        fee_percent: '3',
        fee_fixed_toman: '۲۰٬۰۰۰',
        min_amount: '10',
        max_amount: '5000',
        note: '',
      }),
    )
    expect(parsed).toEqual({
      ok: true,
      value: {
        code: 'topup',
        body: {
          fee_bps: 300,
          fee_fixed_irr: 200_000,
          min_amount: 10,
          max_amount: 5000,
          note: null,
        },
      },
    })
  })

  it('reports each bad field and a minimum above the maximum', () => {
    const parsed = parseFormData(
      paymentTypeSchema,
      formData({
        code: 'topup',
        fee_percent: 'x',
        fee_fixed_toman: '1.5',
        min_amount: '90',
        max_amount: '10',
      }),
    )
    expect(parsed.ok).toBe(false)
    const fields = !parsed.ok ? parsed.errors.fields : {}
    expect(fields).toEqual({
      fee_percent: ['درصد کارمزد باید عددی بین ۰ و ۵۰ با حداکثر دو رقم اعشار باشد'],
      fee_fixed_toman: ['کارمزد ثابت را به تومان و به صورت عدد صحیح بین ۰ و ۱۰۰٬۰۰۰٬۰۰۰ وارد کنید'],
    })
    const order = parseFormData(
      paymentTypeSchema,
      formData({
        code: 'topup',
        fee_percent: '1',
        fee_fixed_toman: '0',
        min_amount: '90',
        max_amount: '10',
      }),
    )
    expect(!order.ok && order.errors.fields.min_amount).toEqual([
      'حداقل مبلغ نمی‌تواند از حداکثر مبلغ بیشتر باشد',
    ])
  })

  // The form and the service's PATCH check one rule (@arzpol/contracts/catalog/staff): what the
  // form lets through the service takes, and what the service refuses the form refuses first.
  it.each([
    ['50', '0', '1', '100000', true],
    ['50.01', '0', '1', '100000', false],
    ['100', '0', '50', '10000', false],
    ['3', '100000000', '50', '10000', true],
    ['3', '100000001', '50', '10000', false],
    ['3', '0', '0', '10000', false],
    ['3', '0', '50', '100001', false],
    ['3', '0', '50', '10000000', false],
  ])(
    'fee %s percent, fixed %s toman, limits %s to %s: accepted %s, as the service would',
    (fee_percent, fee_fixed_toman, min_amount, max_amount, accepted) => {
      const parsed = parseFormData(
        paymentTypeSchema,
        formData({ code: 'topup', fee_percent, fee_fixed_toman, min_amount, max_amount }),
      )
      expect(parsed.ok).toBe(accepted)
      const asService = PaymentTypePatch.safeParse({
        fee_bps: Math.round(Number(fee_percent) * 100),
        fee_fixed_irr: Number(fee_fixed_toman) * 10,
        min_amount: Number(min_amount),
        max_amount: Number(max_amount),
      })
      expect(asService.success).toBe(accepted)
      if (parsed.ok) expect(PaymentTypePatch.parse(parsed.value.body)).toEqual(parsed.value.body)
    },
  )
})
