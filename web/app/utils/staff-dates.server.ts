import { toLatinDigits } from '@arzpol/contracts'

/**
 * Staff type dates the way they read them, in the Jalali calendar ("۱۴۰۴/۰۹/۰۱"); payments-service
 * filters by Gregorian Tehran days ("2025-11-22"). The conversion asks ICU (the same calendar the
 * shared date helpers print with) instead of carrying a calendar algorithm of our own: start from
 * an estimate a few days off and take the day whose Persian-calendar form is the one typed.
 */

const persianParts = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
})

function jalaliOf(date: Date): [number, number, number] {
  const parts = persianParts.formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN)
  return [get('year'), get('month'), get('day')]
}

const DAY_MS = 24 * 60 * 60 * 1000

/** "۱۴۰۴/۹/۱", "1404-09-01" → "2025-11-22"; null when it is not a real Jalali day. */
export function jalaliToIsoDay(input: string): string | null {
  const match = /^(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})$/.exec(toLatinDigits(input.trim()))
  if (!match) return null
  const [jy, jm, jd] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (jy < 1300 || jy > 1500 || jm < 1 || jm > 12 || jd < 1 || jd > 31) return null
  // 1 Farvardin falls on 20–21 March; months 1–6 have 31 days, 7–11 have 30.
  const dayOfYear = (jm <= 6 ? (jm - 1) * 31 : 186 + (jm - 7) * 30) + jd - 1
  const estimate = Date.UTC(jy + 621, 2, 21) + dayOfYear * DAY_MS
  for (let offset = -3; offset <= 3; offset++) {
    const candidate = new Date(estimate + offset * DAY_MS)
    const [y, m, d] = jalaliOf(candidate)
    if (y === jy && m === jm && d === jd) return candidate.toISOString().slice(0, 10)
  }
  return null
}

/** "2025-11-22" → "1404/09/01" (Latin digits: the value of a form field). */
export function isoDayToJalali(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return null
  const [y, m, d] = jalaliOf(date)
  return `${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`
}

const tehranDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/**
 * Yesterday in Tehran as a Gregorian day ("2026-11-29"): the last whole bank day, the one
 * accountants reconcile. Tehran keeps no daylight saving, so a day back is 24 hours back.
 */
export const tehranYesterday = (now: Date = new Date()): string =>
  tehranDayFormat.format(new Date(now.getTime() - DAY_MS))
