import { describe, expect, it } from 'vitest'
import { toLatinDigits, toPersianDigits } from './digits.ts'

describe('digits', () => {
  it('turns Persian and Arabic-Indic digits into Latin ones and leaves the rest', () => {
    expect(toLatinDigits('۰۹۱۲۳۴۵۶۷۸۹')).toBe('09123456789')
    expect(toLatinDigits('٠٩١٢٣٤٥٦٧٨٩')).toBe('09123456789')
    expect(toLatinDigits('مبلغ ۱۲.۵ USD')).toBe('مبلغ 12.5 USD')
  })

  it('shows Latin digits as Persian ones', () => {
    expect(toPersianDigits(1404)).toBe('۱۴۰۴')
  })
})
