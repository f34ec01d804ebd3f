import { toLatinDigits } from '@arzpol/contracts'
import {
  StaffAuditPageOut,
  StaffAuditQuery,
  type StaffAuditQueryInput,
} from '@arzpol/contracts/staff-audit'
import { wire } from '@arzpol/contracts/wire'
import { queryString } from '~/features/api/list-shapes.server.ts'
import { call, stream } from '~/features/api/payments-client.server.ts'
import { pageOf } from '~/features/staff/pager.tsx'
import { jalaliDayRange } from '~/features/staff/staff-forms.server.ts'
import { AUDIT_PAGE_SIZE } from './staff-audit-ui.tsx'

/**
 * payments-service's staff audit log (admins only), through the one client with the admin's
 * access token, and the log's filters as the page and its CSV export read them from the URL.
 */

const auditPage = wire(StaffAuditPageOut)

export const listStaffAudit = (request: Request, token: string, query: StaffAuditQueryInput) =>
  call(request, `/api/staff/audit/${queryString(query)}`, {
    method: 'GET',
    token,
    schema: auditPage,
  })

/** The filtered log as CSV, to be streamed on (payments-service caps the rows, not the page). */
export const fetchStaffAuditCsv = (request: Request, token: string, filter: AuditFilter) =>
  stream(request, `/api/staff/audit/csv/${queryString(filter)}`, { token })

const FILTER_FIELDS = ['action', 'actor', 'from', 'to'] as const
type FilterField = (typeof FILTER_FIELDS)[number]

export type AuditFilter = Pick<StaffAuditQueryInput, FilterField>

/** The contract's schema carries no Persian text for these two; the form needs one. */
export const AUDIT_FILTER_MESSAGES = {
  actor: 'شناسه کاربری را به صورت عدد وارد کنید (مثل ۱۲)',
  action: 'نوع اقدام انتخاب‌شده معتبر نیست',
} as const

export interface AuditFilters {
  /** What the form shows again, as it was typed. */
  values: Record<FilterField, string>
  errors: Record<string, string[]>
  /** The valid filters, for payments-service. */
  filter: AuditFilter
  /** The valid filters with the page's paging. */
  query: StaffAuditQueryInput
  page: number
  /** The valid filters as the page's own query string ('' or '?…'): the pager and the CSV link. */
  search: string
}

/**
 * The log's query string → payments-service's filters, checked with the contract's schema. Days
 * are typed in the Jalali calendar, as in the orders queue, and sent as Tehran days. A filter
 * that is wrong is reported on its field and left out; the others still apply, so what is listed
 * and what the CSV link exports are always the same rows.
 */
export function parseAuditFilters(url: URL): AuditFilters {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim()
  const values = Object.fromEntries(FILTER_FIELDS.map((name) => [name, get(name)])) as Record<
    FilterField,
    string
  >
  const { from, to, errors: dayErrors } = jalaliDayRange(values)
  const errors: Record<string, string[]> = { ...dayErrors }
  const page = pageOf(url.searchParams)
  const input: Record<string, string | number> = {
    action: values.action,
    actor: toLatinDigits(values.actor),
    from,
    to,
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  }
  for (const name of Object.keys(errors)) input[name] = ''
  let parsed = StaffAuditQuery.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0])
      errors[field] ??= [
        AUDIT_FILTER_MESSAGES[field as keyof typeof AUDIT_FILTER_MESSAGES] ?? issue.message,
      ]
      input[field] = ''
    }
    // Every field is optional: blanked, the ones refused no longer stop the rest.
    parsed = StaffAuditQuery.safeParse(input)
  }
  const query: StaffAuditQueryInput = parsed.success
    ? parsed.data
    : { limit: AUDIT_PAGE_SIZE, offset: 0 }
  const filter: AuditFilter = {
    actor: query.actor,
    action: query.action,
    from: query.from,
    to: query.to,
  }
  const kept = Object.fromEntries(
    FILTER_FIELDS.map((name) => [name, errors[name] ? '' : values[name]]),
  )
  return { values, errors, filter, query, page, search: queryString(kept) }
}
