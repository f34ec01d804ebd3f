import { formatJalaliDateTime, formatNumberFa, toPersianDigits } from '@arzpol/contracts'
import {
  STAFF_AUDIT_ACTIONS,
  STAFF_AUDIT_LABELS,
  type StaffAuditEntryOut,
} from '@arzpol/contracts/staff-audit'
import type { Wire } from '@arzpol/contracts/wire'
import { Link } from '@remix-run/react'
import type { z } from 'zod'
import { StaffOrderLink } from '~/features/orders/staff-order-link.tsx'
import { Table } from '~/components/ui/table.tsx'

/** The back office's view of the staff audit log: page size, the action filter, the table. */

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50

export type StaffAuditEntry = Wire<z.output<typeof StaffAuditEntryOut>>

/** The action filter's choices, "all" (no filter) first. */
export const ACTION_OPTIONS = [
  { value: '', label: 'همه' },
  ...STAFF_AUDIT_ACTIONS.map((action) => ({ value: action, label: STAFF_AUDIT_LABELS[action] })),
]

/**
 * What a row is about, as staff call it; a type not listed here is shown as payments-service
 * names it.
 */
const SUBJECT_LABELS: Record<string, string> = {
  order: 'سفارش',
  identity_review: 'درخواست احراز هویت',
  user: 'کاربر',
  currency: 'ارز',
  payment_type: 'نوع پرداخت',
  comment: 'دیدگاه وبلاگ',
}

/** The back office page a subject opens, for the subjects that have one. */
const SUBJECT_PAGES: Record<string, (id: string) => string> = {
  identity_review: (id) => `/staff/identity/${id}`,
  user: (id) => `/staff/users/${id}`,
}

const isId = (value: string) => /^\d{1,15}$/.test(value)

function Subject({ type, id }: { type: string; id: string }) {
  const label = SUBJECT_LABELS[type] ?? type
  // Orders open the way they do in every other list; ids are numbers for the subjects with a page.
  if (type === 'order' && isId(id)) {
    return (
      <span>
        {label} <StaffOrderLink id={Number(id)} testId="staff-audit-subject" />
      </span>
    )
  }
  const page = SUBJECT_PAGES[type]
  const shown = <bdi>{isId(id) ? `#${formatNumberFa(Number(id))}` : id}</bdi>
  return (
    <span>
      {SUBJECT_LABELS[type] ? label : <bdi dir="ltr">{label}</bdi>}{' '}
      {page && isId(id) ? (
        <Link to={page(id)} className="text-teal-800 underline" data-testid="staff-audit-subject">
          {shown}
        </Link>
      ) : (
        shown
      )}
    </span>
  )
}

/** One value of a row's details, short: numbers in Persian digits, nested values as JSON. */
function detailText(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'boolean') return value ? 'بله' : 'خیر'
  if (typeof value === 'number') return toPersianDigits(String(value))
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

function Details({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data)
  if (entries.length === 0) return <span className="text-slate-400">—</span>
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {entries.map(([key, value]) => (
        <li key={key}>
          <span dir="ltr" className="font-mono text-slate-500">
            {key}
          </span>
          : <bdi className="break-all">{detailText(value)}</bdi>
        </li>
      ))}
    </ul>
  )
}

function Actor({ entry }: { entry: StaffAuditEntry }) {
  if (entry.actor === 'cli') return <span>خط فرمان</span>
  if (entry.actor === 'cms') {
    // A moderator of the cms's admin: an account of the cms, not of ours, named in the record.
    const moderator = entry.data.moderator as { email?: unknown } | undefined
    return (
      <span>
        ناظر CMS: <bdi>{String(moderator?.email ?? '—')}</bdi>
      </span>
    )
  }
  if (!entry.actor_user) return <span className="text-slate-400">—</span>
  // The name opens this log filtered to the same person: the filter takes an id nobody remembers.
  return (
    <Link
      to={`/staff/audit?actor=${entry.actor_user.id}`}
      className="text-teal-800 underline"
      title="همهٔ اقدام‌های این کارمند"
    >
      <bdi>{entry.actor_user.username}</bdi>
    </Link>
  )
}

export function StaffAuditTable({ entries }: { entries: readonly StaffAuditEntry[] }) {
  return (
    <Table
      caption="اقدامات کارکنان"
      columns={['زمان', 'کارمند', 'اقدام', 'موضوع', 'جزئیات', 'هش']}
      rows={entries.map((entry) => ({
        key: String(entry.id),
        cells: [
          <span key="at" className="whitespace-nowrap font-normal">
            {formatJalaliDateTime(entry.created_at)}
          </span>,
          <Actor key="actor" entry={entry} />,
          STAFF_AUDIT_LABELS[entry.action],
          <Subject key="subject" type={entry.subject_type} id={entry.subject_id} />,
          <Details key="data" data={entry.data} />,
          // The start of the link's hash is enough to find the row in an export or in what the
          // chain's verifier reports.
          <code key="hash" dir="ltr" className="text-xs" title={entry.hash}>
            {entry.hash.slice(0, 12)}
          </code>,
        ],
      }))}
    />
  )
}
