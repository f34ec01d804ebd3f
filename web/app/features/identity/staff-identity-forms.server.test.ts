import { describe, expect, it } from 'vitest'
import { FORM_MESSAGES } from '~/features/staff/staff-forms.server.ts'
import { parseLevelLimits } from './staff-identity-forms.server.ts'

const limits = (level: string) => {
  const form = new FormData()
  form.set('level', level)
  form.set('per_order_toman', '۵۰٬۰۰۰٬۰۰۰')
  form.set('per_day_toman', '100000000')
  form.set('per_month_toman', '500000000')
  return form
}

describe('parseLevelLimits', () => {
  it('reads a known level with Persian digits and separators', () => {
    expect(parseLevelLimits(limits('1'))).toEqual({
      ok: true,
      value: {
        level: 1,
        per_order_toman: 50_000_000,
        per_day_toman: 100_000_000,
        per_month_toman: 500_000_000,
      },
    })
  })

  // Found by the form fuzz: a tampered hidden level was refused with zod's English message,
  // on a page that had no form of that level to show it beside.
  it.each(['3', '78691491', '', '\u20681', '1.0', '-1', '۱'])(
    'refuses the tampered level %j as an unknown form, in Persian',
    (level) => {
      expect(parseLevelLimits(limits(level))).toEqual({
        ok: false,
        errors: { form: [FORM_MESSAGES.unknownAction], fields: {} },
      })
    },
  )
})
