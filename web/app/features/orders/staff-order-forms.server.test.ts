import { describe, expect, it } from 'vitest'
import { formData } from '../../../tests/utils.ts'
import { INVALID_CHARACTERS_MESSAGE } from '@arzpol/contracts/text'
import { parseFormData } from '~/features/staff/staff-forms.server.ts'
import {
  parseOrderFilters,
  parseTransition,
  settleRefundSchema,
  type ActionNeeds,
} from './staff-order-forms.server.ts'

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
        formData({ to: 'done', note: '  کارت هدیه ارسال شد ', reference: '' }),
        GATEWAY_IN_PROGRESS,
      ),
    ).toEqual({
      ok: true,
      value: { to: 'done', note: 'کارت هدیه ارسال شد', internal_note: null, reference: null },
    })
  })

  it('needs the reason of a rejection, in Persian', () => {
    expect(parseTransition(formData({ to: 'refunded', note: '   ' }), GATEWAY_IN_PROGRESS)).toEqual(
      {
        ok: false,
        errors: { form: [], fields: { note: ['دلیل رد سفارش را بنویسید'] } },
      },
    )
  })

  it('needs the bank reference of a cash-out settlement, with Persian digits made Latin', () => {
    expect(parseTransition(formData({ to: 'done' }), PAYOUT_IN_PROGRESS)).toEqual({
      ok: false,
      errors: { form: [], fields: { reference: ['شماره پیگیری واریز بانکی را وارد کنید'] } },
    })
    const settled = parseTransition(
      formData({ to: 'done', reference: '۱۴۰۴۰۹۰۱۱۲' }),
      PAYOUT_IN_PROGRESS,
    )
    expect(settled.ok && settled.value.reference).toBe('1404090112')
  })

  it('refuses an action the order does not allow now (a stale page), and unknown targets', () => {
    for (const to of ['in_progress', 'cancelled', 'paid', '']) {
      const result = parseTransition(formData({ to }), PAYOUT_IN_PROGRESS)
      expect(result.ok).toBe(false)
      expect(!result.ok && result.errors.form[0]).toMatch(/مجاز نیست/)
    }
  })

  it('limits the length of notes', () => {
    const result = parseTransition(
      formData({ to: 'done', note: 'ا'.repeat(2001) }),
      GATEWAY_IN_PROGRESS,
    )
    expect(!result.ok && result.errors.fields.note).toEqual(['حداکثر ۲٬۰۰۰ نویسه مجاز است'])
  })

  it('settles a manual refund only with its reference', () => {
    expect(parseFormData(settleRefundSchema, formData({ refund: '7', reference: ' ' })).ok).toBe(
      false,
    )
    expect(parseFormData(settleRefundSchema, formData({ refund: '7', reference: 'R-1' }))).toEqual({
      ok: true,
      value: { refund: 7, reference: 'R-1', note: null },
    })
  })

  it('refuses what payments-service would: control characters, and a note over its limit', () => {
    const refused = parseFormData(
      settleRefundSchema,
      formData({ refund: '7', reference: 'R-\u00001', note: 'ا'.repeat(2001) }),
    )
    expect(!refused.ok && refused.errors.fields).toEqual({
      reference: [INVALID_CHARACTERS_MESSAGE],
      note: ['حداکثر ۲٬۰۰۰ نویسه مجاز است'],
    })
  })
})

describe('the orders queue filters', () => {
  it('passes known stages, types, Jalali dates and a phone on to payments-service', () => {
    const filters = parseOrderFilters(
      new URLSearchParams(
        'stage=paid,in_progress,bogus&type=payout&from=۱۴۰۴/۰۹/۰۱&to=1404/09/10&phone=۰۹۱۲۱۲۳۴۵۶۷&sort=oldest&page=3',
      ),
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
    const filters = parseOrderFilters(new URLSearchParams('type=gold&from=1404/12/30&phone=12345'))
    expect(filters.errors).toEqual({
      from: ['تاریخ را به شکل ۱۴۰۴/۰۹/۰۱ وارد کنید'],
      phone: ['شماره تلفن صحیح نمیباشد'],
    })
    expect(filters.query).toEqual({ sort: 'newest', limit: 50, offset: 0 })
    const reversed = parseOrderFilters(new URLSearchParams('from=1404/09/10&to=1404/09/01'))
    expect(reversed.errors.to).toEqual(['تاریخ پایان نباید پیش از تاریخ شروع باشد'])
    expect(reversed.query.from).toBeUndefined()
  })
})
