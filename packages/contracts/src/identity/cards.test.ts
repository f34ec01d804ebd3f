import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import {
  CARD_MESSAGES,
  CardBody,
  cardBankName,
  isValidCardNumber,
  maskCardNumber,
  normaliseCardNumber,
} from './cards.ts'

/** docs/product/domain.md, written out independently of the library: Luhn from the left. */
const luhnSum = (digits: string) =>
  [...digits].reduce((sum, char, index) => {
    const doubled = index % 2 === 0 ? Number(char) * 2 : Number(char)
    return sum + (doubled > 9 ? doubled - 9 : doubled)
  }, 0)
const withCheckDigit = (fifteen: string) => {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnSum(`${fifteen}${digit}`) % 10 === 0) return `${fifteen}${digit}`
  }
  throw new Error('unreachable')
}

/** Melli cards (BIN 603799) with a valid check digit and no all-zero run the library refuses. */
const melliCard = fc
  .string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 })
  .filter((rest) => !/^0+$/.test(rest.slice(4)) && !/^0+$/.test(rest))
  .map((rest) => withCheckDigit(`603799${rest}`))

describe('bank card numbers', () => {
  test.prop([melliCard])('a Luhn-valid card is accepted, any one-digit change refused', (card) => {
    expect(isValidCardNumber(card)).toBe(true)
    const last = Number(card[15])
    expect(isValidCardNumber(`${card.slice(0, 15)}${(last + 1) % 10}`)).toBe(false)
  })

  it('normalises what people type: Persian and Arabic digits, spaces, dashes', () => {
    expect(normaliseCardNumber('۶۲۱۹-۸۶۱۰ ۰۰۰۰ ٠٠٠٩')).toBe('6219861000000009')
  })

  it('masks to the BIN and the last four, and names the bank in Persian', () => {
    expect(maskCardNumber('6037990000000006')).toBe('603799******0006')
    expect(cardBankName('6037990000000006')).toBe('بانک ملی ایران')
    expect(cardBankName('4111111111111111')).toBeNull()
  })

  it('the form gives one Persian message per problem', () => {
    const issue = (card_number: unknown) => {
      const parsed = CardBody.safeParse({ card_number })
      return parsed.success ? null : parsed.error.issues.map((entry) => entry.message)
    }
    expect(issue(' ')).toEqual([CARD_MESSAGES.required])
    expect(issue('6037990000000007')).toEqual([CARD_MESSAGES.cardInvalid])
    expect(issue('603799000000000612')).toEqual([CARD_MESSAGES.cardInvalid])
    expect(issue('4111111111111111')).toEqual([CARD_MESSAGES.unknownBank])
    expect(issue('x'.repeat(41))).toEqual([CARD_MESSAGES.cardInvalid])
    expect(CardBody.parse({ card_number: '6037 9900 0000 0006' })).toEqual({
      card_number: '6037990000000006',
    })
  })
})
