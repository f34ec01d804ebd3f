import { describe, expect, it } from 'vitest'
import {
  gregorianOf,
  isAdultOn,
  gregorianLooking,
  parseJalaliDate,
  tehranJalaliDay,
  tehranJalaliMonthStart,
} from './birth-date.ts'

describe('Jalali birth dates', () => {
  it('reads YYYY/MM/DD in Latin, Persian or Arabic digits, and refuses days that do not exist', () => {
    expect(parseJalaliDate('1370/06/15')).toEqual({ jy: 1370, jm: 6, jd: 15 })
    expect(parseJalaliDate('۱۳۷۰/۶/۱۵')).toEqual({ jy: 1370, jm: 6, jd: 15 })
    expect(parseJalaliDate('١٣٧٠/٠٦/١٥')).toEqual({ jy: 1370, jm: 6, jd: 15 })
    // 1403 is a leap year (30 Esfand exists), 1404 is not; months 7–11 have 30 days.
    expect(parseJalaliDate('1403/12/30')).not.toBeNull()
    expect(parseJalaliDate('1404/12/30')).toBeNull()
    expect(parseJalaliDate('1370/07/31')).toBeNull()
    for (const text of ['1370/13/01', '1370/00/10', '1370-06-15', '70/06/15', '', '1370/06/15x'])
      expect([text, parseJalaliDate(text)]).toEqual([text, null])
  })

  it('turns a Jalali day into its Gregorian date', () => {
    expect(gregorianOf({ jy: 1405, jm: 9, jd: 4 })).toBe('2026-11-25')
    expect(gregorianOf({ jy: 1370, jm: 1, jd: 1 })).toBe('1991-03-21')
  })

  it('is 18 from the first minute of the 18th birthday in Tehran, not a minute before', () => {
    // 2026-11-24T20:30Z is 00:00 of 1405/09/04 in Tehran (UTC+03:30).
    const lastMinuteBefore = new Date('2026-11-24T20:29:59Z')
    const birthdayMidnight = new Date('2026-11-24T20:30:00Z')
    expect(tehranJalaliDay(lastMinuteBefore)).toEqual({ jy: 1405, jm: 9, jd: 3 })
    expect(tehranJalaliDay(birthdayMidnight)).toEqual({ jy: 1405, jm: 9, jd: 4 })
    const birth = { jy: 1387, jm: 9, jd: 4 }
    expect(isAdultOn(birth, lastMinuteBefore)).toBe(false)
    expect(isAdultOn(birth, birthdayMidnight)).toBe(true)
    expect(isAdultOn({ jy: 1387, jm: 9, jd: 5 }, birthdayMidnight)).toBe(false)
    expect(isAdultOn({ jy: 1370, jm: 1, jd: 1 }, birthdayMidnight)).toBe(true)
  })

  it('starts the month on its first day at Tehran midnight', () => {
    // 1 Azar 1405 = 2026-11-22, 00:00 Tehran = 2026-11-21T20:30Z.
    expect(tehranJalaliMonthStart(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe(
      '2026-11-21T20:30:00.000Z',
    )
  })
})

describe('a Gregorian date in the Jalali field', () => {
  it('is recognised, with the Jalali day it stands for', () => {
    expect(gregorianLooking('1990/05/15')).toEqual({ jalali: { jy: 1369, jm: 2, jd: 25 } })
    expect(gregorianLooking('۲۰۰۰/۰۲/۲۹')).toEqual({ jalali: { jy: 1378, jm: 12, jd: 10 } })
    // A Gregorian year with a day that calendar does not have.
    expect(gregorianLooking('1990/02/30')).toEqual({ jalali: null })
  })

  it('is not a Jalali date nor another shape', () => {
    for (const text of ['1370/06/15', '1990-05-15', '15/05/1990', ''])
      expect([text, gregorianLooking(text)]).toEqual([text, null])
  })
})
