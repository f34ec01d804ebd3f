import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hasForbiddenCharacters } from './text.ts'
import { TICKET_LIMIT_MESSAGES } from './tickets.ts'
import { cleanText } from './tickets/customer.ts'

describe('TICKET_LIMIT_MESSAGES', () => {
  it('keep the product texts byte for byte and name the limits in Persian digits', () => {
    expect(TICKET_LIMIT_MESSAGES).toEqual({
      titleRequired: 'عنوان لازم است',
      titleTooLong: 'عنوان نباید بیشتر از ۲۰۰ کاراکتر باشد',
      categoryRequired: 'دستهبندی لازم است',
      initialMessageRequired: 'پیام اولیه لازم است',
      contentOrFileRequired: 'پیام یا فایل لازم است',
      contentTooLong: 'پیام نباید بیشتر از ۵۰۰۰ کاراکتر باشد',
      fileTooLarge: 'حجم فایل نباید بیشتر از ۱۰ مگابایت باشد.',
    })
  })
})

describe('cleanText (what a ticket keeps of typed text)', () => {
  const anyText = fc.string({ unit: 'binary', maxLength: 40 })

  it('keeps no control but tab and line feed, no carriage return, no lone surrogate, no outer space', () => {
    fc.assert(
      fc.property(anyText, (typed) => {
        const kept = cleanText(typed)
        if (kept === undefined) return
        expect(typeof kept).toBe('string')
        expect(hasForbiddenCharacters(kept as string, true)).toBe(false)
        expect(kept).not.toMatch(/\r/)
        expect(kept).toBe((kept as string).trim())
        expect(kept).not.toBe('')
      }),
    )
  })

  it('leaves text a person types as it was, but for Windows line ends and outer space', () => {
    const printable = fc.string({
      unit: fc.constantFrom('س', 'ل', 'ا', 'م', '۱', 'a', ' ', '\t', '\n', '\r\n', '😀', '\u200c'),
      minLength: 1,
    })
    fc.assert(
      fc.property(printable, (typed) => {
        const expected = typed.replaceAll('\r\n', '\n').trim()
        expect(cleanText(typed)).toBe(expected === '' ? undefined : expected)
      }),
    )
  })

  it('drops an escape sequence and NUL, and answers blank for text of controls alone', () => {
    expect(cleanText('سلام\u001b[2J\u0000 دنیا\u0007')).toBe('سلام[2J دنیا')
    expect(cleanText(' \u0000\u001b\u007f ')).toBeUndefined()
    expect(cleanText(42)).toBe(42)
  })
})
