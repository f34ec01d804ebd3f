import { formatJalaliWeekdayDate } from '@arzpol/contracts'
import { FORM_MESSAGES } from '~/features/staff/staff-forms.server.ts'
import { isoDayToJalali, jalaliToIsoDay, tehranYesterday } from '~/utils/staff-dates.server.ts'

/**
 * The day of the reconciliation export, as staff choose it: typed in the Jalali calendar (an ISO
 * day from an older link is taken too), yesterday in Tehran unless they choose another, and a
 * Persian reason beside the field when no day or no real day was given.
 */

export const RECONCILIATION_DAY_MESSAGES = {
  required: 'روز گزارش تطبیق را انتخاب کنید.',
  date: FORM_MESSAGES.date,
} as const

/** Where the form sends a refused day back to, with what was typed. */
export const RECONCILIATION_FORM_PAGE = '/staff/money-to-return'
export const RETURNED_DAY_PARAM = 'reconciliation_day'

export function reconciliationDay(raw: string): { day: string } | { error: string } {
  const typed = raw.trim()
  if (!typed) return { error: RECONCILIATION_DAY_MESSAGES.required }
  const day = /^\d{4}-\d{2}-\d{2}$/.test(typed) ? typed : jalaliToIsoDay(typed)
  if (!day || !isoDayToJalali(day)) return { error: RECONCILIATION_DAY_MESSAGES.date }
  return { day }
}

/** The form's field on the page: what was typed and refused, or yesterday to start with. */
export function reconciliationField(url: URL, now = new Date()) {
  const returned = url.searchParams.get(RETURNED_DAY_PARAM)
  if (returned === null) {
    return { value: isoDayToJalali(tehranYesterday(now)) ?? '', errors: undefined }
  }
  const parsed = reconciliationDay(returned)
  return { value: returned, errors: 'error' in parsed ? [parsed.error] : undefined }
}

const DAY_MS = 86_400_000
/** How far back the field's list of days reaches: a month of bank days. */
const RECENT_DAYS = 31

/**
 * The days the field offers to pick from (newest first, yesterday at the top): the value as the
 * field takes it, and the day spelled out with its weekday, as a calendar names it. Any other day
 * may still be typed.
 */
export function recentReconciliationDays(now = new Date()) {
  return Array.from({ length: RECENT_DAYS }, (_, back) => {
    const day = tehranYesterday(new Date(now.getTime() - back * DAY_MS))
    const spelled = formatJalaliWeekdayDate(`${day}T12:00:00+03:30`)
    return { value: isoDayToJalali(day) ?? day, label: back === 0 ? `دیروز، ${spelled}` : spelled }
  })
}
