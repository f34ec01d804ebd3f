import { formatJalaliDateTime, formatNumberFa, toPersianDigits } from '@arzpol/contracts'
import {
  INQUIRY_KIND_LABELS,
  REVIEW_STATUS_LABELS,
  type ReviewStatus,
} from '@arzpol/contracts/identity/review'
import { Link } from '@remix-run/react'
import { Badge } from '~/features/staff/ui.tsx'
import type { Inquiry } from './identity-schemas.ts'

/** The back office's identity pieces: status badges, the inquiry table's cells, page size. */

/** Rows per page of the review queue and the inquiry log. */
export const STAFF_PAGE_SIZE = 50

const REVIEW_TONES = { pending: 'amber', approved: 'emerald', rejected: 'red' } as const

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge tone={REVIEW_TONES[status]}>{REVIEW_STATUS_LABELS[status]}</Badge>
}

export const INQUIRY_RESULT_LABELS: Record<Inquiry['result'], string> = {
  matched: 'تطبیق دارد',
  mismatched: 'تطبیق ندارد',
  timeout: 'بی‌پاسخ (مهلت تمام شد)',
  unavailable: 'سرویس در دسترس نبود',
}

const RESULT_TONES = {
  matched: 'emerald',
  mismatched: 'red',
  timeout: 'amber',
  unavailable: 'amber',
} as const

/** One inquiry as table cells: when, whose, what, answer, provider and how long it took. */
export function inquiryCells(inquiry: Inquiry) {
  return [
    formatJalaliDateTime(inquiry.created_at),
    inquiry.user_id === null ? (
      '—'
    ) : (
      <Link key="u" to={`/staff/users/${inquiry.user_id}`} className="text-teal-800 underline">
        کاربر #{formatNumberFa(inquiry.user_id)}
      </Link>
    ),
    INQUIRY_KIND_LABELS[inquiry.kind],
    <Badge key="r" tone={RESULT_TONES[inquiry.result]}>
      {INQUIRY_RESULT_LABELS[inquiry.result]}
    </Badge>,
    <bdi key="p" dir="ltr">
      {inquiry.provider}
    </bdi>,
    `${toPersianDigits(inquiry.duration_ms)} میلی‌ثانیه`,
  ]
}

export const INQUIRY_COLUMNS = ['زمان', 'کاربر', 'استعلام', 'نتیجه', 'سرویس‌دهنده', 'مدت']
