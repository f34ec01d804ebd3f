import { describe, expect, it } from 'vitest'
import { blockSchema, parsePhoneLookup } from './staff-user-forms.server.ts'
import { parseFormData } from '~/features/staff/staff-forms.server.ts'

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

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
