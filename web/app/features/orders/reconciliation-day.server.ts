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
