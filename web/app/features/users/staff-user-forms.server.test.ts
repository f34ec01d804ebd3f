import { describe, expect, it } from 'vitest'
import { formData } from '../../../tests/utils.ts'
import { blockSchema, parsePhoneLookup } from './staff-user-forms.server.ts'
import { parseFormData } from '~/features/staff/staff-forms.server.ts'

describe('users', () => {
  it('looks up a whole phone in any usual form, or its first digits', () => {
    expect(parsePhoneLookup('+98 912 123 4567')).toEqual({ ok: true, value: '09121234567' })
    expect(parsePhoneLookup('۰۹۱۲')).toEqual({ ok: true, value: '0912' })
    expect(parsePhoneLookup('091').ok).toBe(false)
    expect(parsePhoneLookup('abc').ok).toBe(false)
  })

  it('needs a reason to block an account', () => {
    expect(parseFormData(blockSchema, formData({ note: ' ' }))).toEqual({
      ok: false,
      errors: { form: [], fields: { note: ['دلیل مسدود کردن حساب را بنویسید'] } },
    })
  })
})
