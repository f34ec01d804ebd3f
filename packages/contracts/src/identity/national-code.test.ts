import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { isValidNationalCode, maskNationalCode, normaliseNationalCode } from './national-code.ts'

/** docs/product/domain.md, written out independently of the library: Σ digit[i]·(10−i) mod 11. */
const remainderOf = (nine: string) =>
  [...nine].reduce((sum, digit, index) => sum + Number(digit) * (10 - index), 0) % 11
const checkDigitOf = (remainder: number) => (remainder < 2 ? remainder : 11 - remainder)

/** Nine digits that make a code of the accepted shape (not one digit repeated, middle ≠ 0). */
const nineDigits = fc
  .string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 })
  .filter((nine) => Number(nine.slice(3, 9)) !== 0)
  .map((nine) => `${nine}${checkDigitOf(remainderOf(nine))}`)
  .filter((code) => !/^(\d)\1{9}$/.test(code))

describe('national code checksum', () => {
  test.prop([nineDigits])('every code with a valid check digit is accepted', (code) => {
    expect(isValidNationalCode(code)).toBe(true)
  })

  test.prop([nineDigits, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 })])(
    'every single-digit change is refused, but for the one collision of the formula',
    (code, position, delta) => {
      const changed = `${code.slice(0, position)}${(Number(code[position]) + delta) % 10}${code.slice(position + 1)}`
      const before = remainderOf(code.slice(0, 9))
      const after = remainderOf(changed.slice(0, 9))
      // Remainders 1 and 10 both ask for check digit 1: a change of one of the first nine
      // digits that moves the remainder between them keeps a valid code. Every other change
      // (and every change of the check digit) breaks it.
      const collision = position < 9 && checkDigitOf(before) === checkDigitOf(after)
      if (collision) expect([before, after].sort((a, b) => a - b)).toEqual([1, 10])
      const shapeBroken = Number(changed.slice(3, 9)) === 0 || /^(\d)\1{9}$/.test(changed)
      expect(isValidNationalCode(changed)).toBe(collision && !shapeBroken)
    },
  )

  it('has the collision of remainders 1 and 10 on record', () => {
    // 0012345611 (remainder 1) and 2012345611 (remainder 10) differ in their first digit only.
    expect(remainderOf('001234561')).toBe(1)
    expect(remainderOf('201234561')).toBe(10)
    expect(isValidNationalCode('0012345611')).toBe(true)
    expect(isValidNationalCode('2012345611')).toBe(true)
  })

  it('refuses the wrong shapes', () => {
    for (const code of ['', '123456789', '00123456790', '1111111111', '0000000000', '001234567x'])
      expect([code, isValidNationalCode(code)]).toEqual([code, false])
    // The middle six digits all zero.
    expect(isValidNationalCode('1230000004')).toBe(false)
  })

  it('reads Persian and Arabic digits, spaces and dashes as a person types them', () => {
    expect(normaliseNationalCode('۰۰۱۲۳۴۵۶۷۹')).toBe('0012345679')
    expect(normaliseNationalCode('٠٠١٢٣٤٥٦٧٩')).toBe('0012345679')
    expect(normaliseNationalCode(' 001-234567-9 ')).toBe('0012345679')
    expect(isValidNationalCode(normaliseNationalCode('۰۰۱۲۳۴۵۶۷۹'))).toBe(true)
  })

  it('masks all but the first three and last two digits', () => {
    expect(maskNationalCode('0012345679')).toBe('001*****79')
  })
})
