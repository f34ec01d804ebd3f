import { describe, expect, it } from 'vitest'
import { blockSchema, parsePhoneLookup } from '~/features/users/staff-user-forms.server.ts'
import { parseFormData, parseWholeNumber } from '~/features/staff/staff-forms.server.ts'
import {
  parseOrderFilters,
  parseTransition,
  settleRefundSchema,
  type ActionNeeds,
} from '~/features/orders/staff-order-forms.server.ts'
import {
  parsePercentToBasisPoints,
  parseRate,
  paymentTypeSchema,
} from '~/features/catalog/staff-catalog-forms.server.ts'
import { parseReply } from '~/features/tickets/staff-ticket-forms.server.ts'

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

const GATEWAY_IN_PROGRESS: ActionNeeds[] = [
  { to: 'done', note_required: false, reference_required: false },
  { to: 'refunded', note_required: true, reference_required: false },
]
const PAYOUT_IN_PROGRESS: ActionNeeds[] = [
  { to: 'done', note_required: false, reference_required: true },
  { to: 'rejected', note_required: true, reference_required: false },
]

describe('staff transitions', () => {
  it('completes with an optional note and reference, blanks becoming null', () => {
    expect(
      parseTransition(
        form({ to: 'done', note: '  کارت هدیه ارسال شد ', reference: '' }),
        GATEWAY_IN_PROGRESS,
      ),
    ).toEqual({
      ok: true,
      value: { to: 'done', note: 'کارت هدیه ارسال شد', internal_note: null, reference: null },
    })
  })

  it('needs the reason of a rejection, in Persian', () => {
    expect(parseTransition(form({ to: 'refunded', note: '   ' }), GATEWAY_IN_PROGRESS)).toEqual({
      ok: false,
      errors: { form: [], fields: { note: ['دلیل رد سفارش را بنویسید'] } },
    })
  })

  it('needs the bank reference of a cash-out settlement, with Persian digits made Latin', () => {
    expect(parseTransition(form({ to: 'done' }), PAYOUT_IN_PROGRESS)).toEqual({
      ok: false,
      errors: { form: [], fields: { reference: ['شماره پیگیری واریز بانکی را وارد کنید'] } },
    })
    const settled = parseTransition(
      form({ to: 'done', reference: '۱۴۰۴۰۹۰۱۱۲' }),
      PAYOUT_IN_PROGRESS,
    )
    expect(settled.ok && settled.value.reference).toBe('1404090112')
  })

  it('refuses an action the order does not allow now (a stale page), and unknown targets', () => {
    for (const to of ['in_progress', 'cancelled', 'paid', '']) {
      const result = parseTransition(form({ to }), PAYOUT_IN_PROGRESS)
      expect(result.ok).toBe(false)
      expect(!result.ok && result.errors.form[0]).toMatch(/مجاز نیست/)
    }
  })

  it('limits the length of notes', () => {
    const result = parseTransition(
      form({ to: 'done', note: 'ا'.repeat(2001) }),
      GATEWAY_IN_PROGRESS,
    )
    expect(!result.ok && result.errors.fields.note).toEqual(['حداکثر ۲٬۰۰۰ نویسه مجاز است'])
  })

  it('settles a manual refund only with its reference', () => {
    expect(parseFormData(settleRefundSchema, form({ refund: '7', reference: ' ' })).ok).toBe(false)
    expect(parseFormData(settleRefundSchema, form({ refund: '7', reference: 'R-1' }))).toEqual({
      ok: true,
      value: { refund: 7, reference: 'R-1', note: null },
    })
  })
})

describe('ticket replies', () => {
  it('takes typed text, a prepared message, or both', () => {
    expect(parseReply(form({ content: ' سلام ', prepared_message: '' }))).toEqual({
      ok: true,
      value: { content: 'سلام', preparedMessage: null },
    })
    expect(parseReply(form({ prepared_message: '3' }))).toEqual({
      ok: true,
      value: { content: '', preparedMessage: 3 },
    })
  })

  it('refuses an empty reply and a made-up prepared message id', () => {
    expect(parseReply(form({ content: '  ' }))).toEqual({
      ok: false,
      errors: { form: [], fields: { content: ['متن پاسخ یا یک پیام آماده لازم است'] } },
    })
    expect(parseReply(form({ prepared_message: '1 OR 1=1' })).ok).toBe(false)
  })
})

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

describe('users', () => {
  it('looks up a whole phone in any usual form, or its first digits', () => {
    expect(parsePhoneLookup('+98 912 123 4567')).toEqual({ ok: true, value: '09121234567' })
    expect(parsePhoneLookup('۰۹۱۲')).toEqual({ ok: true, value: '0912' })
    expect(parsePhoneLookup('091').ok).toBe(false)
    expect(parsePhoneLookup('abc').ok).toBe(false)
  })

  it('needs a reason to block an account', () => {
    expect(parseFormData(blockSchema, form({ note: ' ' }))).toEqual({
      ok: false,
      errors: { form: [], fields: { note: ['دلیل مسدود کردن حساب را بنویسید'] } },
    })
  })
})

describe('the orders queue filters', () => {
  const types = ['topup', 'payout']

  it('passes known stages, types, Jalali dates and a phone on to payments-service', () => {
    const filters = parseOrderFilters(
      new URLSearchParams(
        'stage=paid,in_progress,bogus&type=payout&from=۱۴۰۴/۰۹/۰۱&to=1404/09/10&phone=۰۹۱۲۱۲۳۴۵۶۷&sort=oldest&page=3',
      ),
      types,
    )
    expect(filters.errors).toEqual({})
    expect(filters.query).toEqual({
      stage: 'paid,in_progress',
      payment_type: 'payout',
      from: '2025-11-22',
      to: '2025-12-01',
      phone: '09121234567',
      sort: 'oldest',
      limit: 50,
      offset: 100,
    })
    expect(filters.page).toBe(3)
  })

  it('reports impossible or reversed dates and a bad phone instead of guessing', () => {
    const filters = parseOrderFilters(
      new URLSearchParams('type=gold&from=1404/12/30&phone=12345'),
      types,
    )
    expect(filters.errors).toEqual({
      from: ['تاریخ را به شکل ۱۴۰۴/۰۹/۰۱ وارد کنید'],
      phone: ['شماره تلفن صحیح نمیباشد'],
    })
    expect(filters.query).toEqual({ sort: 'newest', limit: 50, offset: 0 })
    const reversed = parseOrderFilters(new URLSearchParams('from=1404/09/10&to=1404/09/01'), types)
    expect(reversed.errors.to).toEqual(['تاریخ پایان نباید پیش از تاریخ شروع باشد'])
    expect(reversed.query.from).toBeUndefined()
  })
})
