import { describe, expect, it } from 'vitest'
import { isoDayToJalali, jalaliToIsoDay, tehranYesterday } from './staff-dates.server.ts'

describe('Jalali days typed by staff', () => {
  // Persian, Arabic and Latin digits with any usual separator; the Jalali leap day (1403 has an
  // Esfand 30, 1404 has none) and the 31-day first half of the year.
  it.each([
    ['۱۴۰۴/۰۹/۰۱', '2025-11-22'],
    ['1404-9-1', '2025-11-22'],
    ['١٤٠٤.٠١.٠١', '2025-03-21'],
    [' 1403/01/01 ', '2024-03-20'],
    ['1403/12/30', '2025-03-20'],
    ['1404/12/30', null],
    ['1404/07/31', null],
    ['1404/06/31', '2025-09-22'],
  ])('reads %j as the day %j', (jalali, iso) => {
    expect(jalaliToIsoDay(jalali)).toBe(iso)
  })

  it('refuses what is not a day', () => {
    for (const input of ['', 'دیروز', '1404/13/01', '1404/00/10', '2025-11-22', '14040901']) {
      expect(jalaliToIsoDay(input)).toBeNull()
    }
  })

  it('goes back the other way for the form', () => {
    expect(isoDayToJalali('2025-11-22')).toBe('1404/09/01')
    expect(isoDayToJalali('2025-03-20')).toBe('1403/12/30')
    expect(isoDayToJalali('22/11/2025')).toBeNull()
  })

  it('round-trips every day of a year', () => {
    const start = Date.UTC(2025, 0, 1)
    for (let day = 0; day < 366; day++) {
      const iso = new Date(start + day * 86_400_000).toISOString().slice(0, 10)
      const jalali = isoDayToJalali(iso)
      expect(jalali && jalaliToIsoDay(jalali)).toBe(iso)
    }
  })

  it('knows yesterday by the clock in Tehran (UTC+3:30), not in UTC', () => {
    // 23:30 in Tehran on 29 November, then half past midnight on the 30th.
    expect(tehranYesterday(new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-28')
    expect(tehranYesterday(new Date('2026-11-29T21:00:00Z'))).toBe('2026-11-29')
    expect(tehranYesterday(new Date('2026-11-30T12:00:00Z'))).toBe('2026-11-29')
  })
})
