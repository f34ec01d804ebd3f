import { describe, expect, it } from 'vitest'
import {
  formatNumberFa,
  formatPercentFa,
  formatRial,
  formatToman,
  rialsToToman,
  tomanToRials,
} from './money.ts'

describe('money', () => {
  it('converts between rials and toman with integers only', () => {
    expect(rialsToToman(1_234_560)).toBe(123_456n)
    expect(rialsToToman(19n)).toBe(1n)
    expect(tomanToRials(950_000)).toBe(9_500_000n)
  })

  it('refuses fractional rials instead of rounding them silently', () => {
    expect(() => rialsToToman(10.5)).toThrow(RangeError)
  })

  it('formats with Persian digits, the Persian group separator and the unit', () => {
    expect(formatNumberFa(12_345_678)).toBe('۱۲٬۳۴۵٬۶۷۸')
    expect(formatToman(1_234_560)).toBe('۱۲۳٬۴۵۶ تومان')
    expect(formatRial(1_234_560n)).toBe('۱٬۲۳۴٬۵۶۰ ریال')
  })
})

describe('formatPercentFa', () => {
  it('writes a share as a Persian percentage, to the decimals asked', () => {
    expect(formatPercentFa(0.03)).toBe('۳٪')
    expect(formatPercentFa(0.0287)).toBe('۲٫۹٪')
    expect(formatPercentFa(0.0125, 2)).toBe('۱٫۲۵٪')
  })
})
