import { describe, expect, it } from 'vitest'
import { parseFormData, parseWholeNumber } from '~/features/staff/staff-forms.server.ts'
import {
  parsePercentToBasisPoints,
  parseRate,
  paymentTypeSchema,
} from './staff-catalog-forms.server.ts'

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('rates', () => {
  const currencies = ['USD', 'EUR']

  it('takes toman with Persian digits and separators and sends rials', () => {
    expect(
      parseRate(form({ currency: 'USD', rate_toman: '۱۲۰٬۵۰۰', note: '' }), currencies),
    ).toEqual({
      ok: true,
      value: { currency: 'USD', buyRateIrr: 1_205_000, note: null },
    })
    expect(parseWholeNumber('1,205,000')).toBe(1_205_000)
  })

  it('refuses fractions, zero, nonsense, huge rates and unknown currencies', () => {
    for (const rate of ['0', '12.5', 'صد', '', '-5', '100000001']) {
      const result = parseRate(form({ currency: 'USD', rate_toman: rate }), currencies)
      expect(result.ok, rate).toBe(false)
      expect(!result.ok && result.errors.fields.rate_toman?.[0]).toMatch(/^نرخ/)
    }
    const result = parseRate(form({ currency: 'BTC', rate_toman: '100' }), currencies)
    expect(!result.ok && result.errors.fields.currency).toEqual(['ارز را انتخاب کنید'])
  })
})

describe('payment type fees', () => {
  it('turns percent into basis points and toman into rials', () => {
    expect(parsePercentToBasisPoints('۱٫۵')).toBe(150)
    expect(parsePercentToBasisPoints('2.25')).toBe(225)
    expect(parsePercentToBasisPoints('100')).toBe(10_000)
    expect(parsePercentToBasisPoints('100.01')).toBeNaN()
    expect(parsePercentToBasisPoints('1.234')).toBeNaN()
    const parsed = parseFormData(
      paymentTypeSchema,
      form({
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
      form({
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
      fee_percent: ['درصد کارمزد باید عددی بین ۰ و ۱۰۰ با حداکثر دو رقم اعشار باشد'],
      fee_fixed_toman: ['مبلغ را به تومان و به صورت عدد صحیح (صفر یا بیشتر) وارد کنید'],
    })
    const order = parseFormData(
      paymentTypeSchema,
      form({
        code: 'topup',
        fee_percent: '1',
        fee_fixed_toman: '0',
        min_amount: '90',
        max_amount: '10',
      }),
    )
    expect(!order.ok && order.errors.fields.min_amount).toEqual([
      'حداقل مبلغ نباید از حداکثر بیشتر باشد',
    ])
  })
})
