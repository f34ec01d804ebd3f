import { describe, expect, it } from 'vitest'
import {
  formatJalaliDate,
  formatJalaliDateTime,
  formatJalaliLongDate,
  formatJalaliWeekdayDate,
} from './dates.ts'

describe('Jalali dates', () => {
  it('formats Nowruz 1404 in Tehran time', () => {
    // 2025-03-20 21:00 UTC is already 1 Farvardin 1404 in Tehran (+03:30).
    expect(formatJalaliDate('2025-03-20T21:00:00Z')).toBe('۱۴۰۴/۰۱/۰۱')
    expect(formatJalaliDate(new Date('2025-03-20T20:00:00Z'))).toBe('۱۴۰۳/۱۲/۳۰')
  })

  it('formats the terms date of the spec', () => {
    expect(formatJalaliDate('2025-08-19T08:00:00Z')).toBe('۱۴۰۴/۰۵/۲۸')
    expect(formatJalaliLongDate('2025-08-19T08:00:00Z')).toBe('۲۸ مرداد ۱۴۰۴')
    expect(formatJalaliWeekdayDate('2025-08-19T08:00:00Z')).toBe('سه‌شنبه ۲۸ مرداد ۱۴۰۴')
  })

  it('adds the Tehran wall-clock time', () => {
    expect(formatJalaliDateTime('2025-08-19T11:00:00Z')).toBe('۱۴۰۴/۰۵/۲۸ ساعت ۱۴:۳۰')
  })

  it('refuses something that is not a date', () => {
    expect(() => formatJalaliDate('not a date')).toThrow(RangeError)
  })
})
