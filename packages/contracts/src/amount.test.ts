import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMinor, parseAmountToMinor } from './amount.ts'

describe('parseAmountToMinor', () => {
  it.each([
    ['50', 5000n],
    ['50.5', 5050n],
    ['50.05', 5005n],
    ['0.01', 1n],
    ['۵۰٫۵', 5050n],
    ['٥٠.٢٥', 5025n],
    ['1,250.75', 125075n],
    ['۱٬۲۵۰', 125000n],
    ['۱\u200c۲۵۰', 125000n],
    [' 75 ', 7500n],
    [12.34, 1234n],
    [50, 5000n],
  ])('reads %j as %s minor units', (input, expected) => {
    expect(parseAmountToMinor(input)).toBe(expected)
  })

  it.each([
    ['0'],
    ['0.00'],
    ['-5'],
    ['50.123'],
    ['abc'],
    [''],
    ['1e3'],
    ['.5'],
    ['5.'],
    ['1234567890123'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [0.001],
    [null],
    [undefined],
    [{}],
  ])('refuses %j', (input) => {
    expect(parseAmountToMinor(input)).toBeNull()
  })

  it('round-trips through formatMinor', () => {
    for (const value of [1n, 5n, 10n, 99n, 100n, 5050n, 125075n, 99_999_999_999_999n]) {
      expect(parseAmountToMinor(formatMinor(value))).toBe(value)
    }
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 99_999_999_999_999n }), (value) => {
        expect(parseAmountToMinor(formatMinor(value))).toBe(value)
      }),
    )
  })
})

describe('formatMinor', () => {
  it('writes two decimals exactly', () => {
    expect(formatMinor(5000)).toBe('50.00')
    expect(formatMinor(5005n)).toBe('50.05')
    expect(formatMinor(1)).toBe('0.01')
    expect(formatMinor(123456789)).toBe('1234567.89')
  })

  it('refuses what is no amount', () => {
    expect(() => formatMinor(-1)).toThrow(RangeError)
    expect(() => formatMinor(1.5)).toThrow(RangeError)
  })
})
