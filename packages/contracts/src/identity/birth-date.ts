import { toLatinDigits } from '../digits.ts'
import { isValidJalaaliDate, toGregorian, toJalaali } from 'jalaali-js'

/**
 * Birth dates as Iranians write them: Jalali `YYYY/MM/DD` (Persian digits welcome). The terms
 * require 18 or older on the day of verification, counted in Tehran: someone born on 1386/09/04
 * becomes an adult on 1404/09/04 Tehran time, whatever the UTC date.
 */

export const ADULT_AGE = 18

export interface JalaliDate {
  jy: number
  jm: number
  jd: number
}

/** `YYYY/M/D` in any of the three digit sets → its three numbers, whatever the calendar. */
function yearMonthDay(value: string): [number, number, number] | null {
  const match = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(toLatinDigits(value.trim()))
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null
}

/** `1370/1/5` or `۱۳۷۰/۰۱/۰۵` → the date, or null when it is no real Jalali day. */
export function parseJalaliDate(value: string): JalaliDate | null {
  const parts = yearMonthDay(value)
  if (!parts) return null
  const [jy, jm, jd] = parts
  return isValidJalaaliDate(jy, jm, jd) ? { jy, jm, jd } : null
}

// Jalali years run about 621 behind Gregorian ones: 1405 is 2026. A birth year from 1800 on is
// no Jalali year of anyone alive, and every Gregorian birth year of a customer.
const GREGORIAN_YEARS_FROM = 1800

/**
 * A birth date written on the Gregorian calendar (`1990/05/15`): `jalali` is the day it stands
 * for, or null when no such Gregorian day exists (`1990/02/30`). Null for a Jalali year or
 * another shape. Read as Jalali it would be centuries ahead and answer "under 18"; the customer
 * needs to hear which calendar to use, with their date converted.
 */
export function gregorianLooking(value: string): { jalali: JalaliDate | null } | null {
  const parts = yearMonthDay(value)
  if (!parts) return null
  const [gy, gm, gd] = parts
  if (gy < GREGORIAN_YEARS_FROM) return null
  const day = new Date(Date.UTC(gy, gm - 1, gd))
  const real =
    day.getUTCFullYear() === gy && day.getUTCMonth() === gm - 1 && day.getUTCDate() === gd
  if (!real) return { jalali: null }
  const { jy, jm, jd } = toJalaali(gy, gm, gd)
  return { jalali: { jy, jm, jd } }
}

export const formatJalaliDate = ({ jy, jm, jd }: JalaliDate): string =>
  `${jy}/${String(jm).padStart(2, '0')}/${String(jd).padStart(2, '0')}`

// Built once: a new Intl.DateTimeFormat costs more than formatting with it, and every order's
// limit check asks which Jalali month it is.
const TEHRAN_JALALI_DAY = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
})

/** The Tehran calendar day of an instant, in Jalali. */
export function tehranJalaliDay(instant: Date): JalaliDate {
  const parts = TEHRAN_JALALI_DAY.formatToParts(instant)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { jy: part('year'), jm: part('month'), jd: part('day') }
}

const compare = (a: JalaliDate, b: JalaliDate) => a.jy - b.jy || a.jm - b.jm || a.jd - b.jd

/** Born on `birth`, at least 18 on the Tehran day of `now`. */
export function isAdultOn(birth: JalaliDate, now: Date): boolean {
  const today = tehranJalaliDay(now)
  // Born on 30 Esfand of a leap year: the birthday of a common year is 29 Esfand's next day.
  return compare({ ...birth, jy: birth.jy + ADULT_AGE }, today) <= 0
}

/** A Jalali day as a calendar date (`YYYY-MM-DD`, Gregorian) for a `date` column. */
export function gregorianOf({ jy, jm, jd }: JalaliDate): string {
  const { gy, gm, gd } = toGregorian(jy, jm, jd)
  return `${gy}-${String(gm).padStart(2, '0')}-${String(gd).padStart(2, '0')}`
}

/** The instant the Jalali month of `now` began in Tehran (for the monthly limit). */
export function tehranJalaliMonthStart(now: Date): Date {
  const { jy, jm } = tehranJalaliDay(now)
  return new Date(`${gregorianOf({ jy, jm, jd: 1 })}T00:00:00+03:30`)
}
