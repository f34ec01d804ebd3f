import { z } from 'zod'
import { toLatinDigits } from '../digits.ts'
import { blankToUndefined, paging, STAFF_MESSAGES, UserRef } from '../staff.ts'
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE } from '../text.ts'
import { CardOut } from './cards.ts'
import { IDENTITY_DOCUMENT_KINDS, IDENTITY_DOCUMENT_TYPES } from './documents.ts'

/**
 * The staff side of level 2 and of a customer's identity (ADR 025): the review queue,
 * one request with its documents, the decision, a customer's identity history and the inquiry
 * log. Staff see the full national code; every document they open is on record.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'در انتظار بررسی',
  approved: 'تأیید شده',
  rejected: 'رد شده',
}

export const INQUIRY_KINDS = ['mobile_national_code', 'card_owner', 'sheba_owner'] as const
export type InquiryKindName = (typeof INQUIRY_KINDS)[number]
export const INQUIRY_RESULTS = ['matched', 'mismatched', 'timeout', 'unavailable'] as const

export const INQUIRY_KIND_LABELS: Record<InquiryKindName, string> = {
  mobile_national_code: 'تطبیق موبایل و کد ملی (شاهکار)',
  card_owner: 'مالکیت کارت بانکی',
  sheba_owner: 'مالکیت شبا',
}

export const REVIEW_MESSAGES = {
  reasonRequired: 'دلیل رد را بنویسید؛ این متن به مشتری نشان داده می‌شود.',
  reasonTooLong: 'دلیل رد حداکثر ۵۰۰ نویسه باشد.',
  decided: 'این درخواست پیش‌تر بررسی شده است و تصمیم آن تغییر نمی‌کند.',
  documentsUnopened:
    'پیش از تأیید، همهٔ مدارک این درخواست را در نمایشگر باز کنید و ببینید؛ تأیید مدارکی که دیده نشده‌اند پذیرفته نمی‌شود.',
  notFound: 'یافت نشد',
  status: 'وضعیت معتبر نیست',
  kind: 'نوع استعلام معتبر نیست',
  result: 'نتیجهٔ استعلام معتبر نیست',
} as const

export const ReviewQuery = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(REVIEW_STATUSES, { error: REVIEW_MESSAGES.status }).optional(),
  ),
  ...paging,
})

const numericId = z
  .string()
  .transform((value) => toLatinDigits(value))
  .pipe(z.string().regex(/^\d{1,15}$/, STAFF_MESSAGES.notFound))
  .transform(Number)
export const ReviewDocumentParams = z.object({ id: numericId, documentId: numericId })

export const RejectBody = z.object({
  reason: z
    .string({ error: REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.reasonRequired)
    .max(500, REVIEW_MESSAGES.reasonTooLong)
    .refine((value) => !hasForbiddenCharacters(value, true), INVALID_CHARACTERS_MESSAGE),
})

const CustomerRef = z.object({ id: z.number().int(), phone: z.string(), username: z.string() })

export const ReviewSummaryOut = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  customer: CustomerRef,
  submitted_at: z.date(),
  decided_at: z.date().nullable(),
  decided_by: UserRef.nullable(),
  reason: z.string().nullable(),
})

export const ReviewPageOut = z.object({
  count: z.number().int(),
  results: z.array(ReviewSummaryOut),
})

/** Level-1 data as staff see it: the national code in full. */
export const StaffIdentityDataOut = z.object({
  first_name: z.string(),
  last_name: z.string(),
  national_code: z.string(),
  birth_date: z.string(),
  verified_at: z.date(),
})

export const StaffIdentityDocumentOut = z.object({
  id: z.number().int(),
  kind: z.enum(IDENTITY_DOCUMENT_KINDS),
  content_type: z.enum(IDENTITY_DOCUMENT_TYPES),
  size_bytes: z.number().int(),
  created_at: z.date(),
  /** Whether the staff member reading the request has opened this document. */
  opened_by_you: z.boolean().optional(),
  /**
   * A newer photo of its kind replaced it while the customer was uploading. An approval needs
   * every photo that is not replaced opened by whoever proposes or approves it.
   */
  replaced: z.boolean().optional(),
})

export const ReviewDetailOut = ReviewSummaryOut.extend({
  level: z.number().int(),
  identity: StaffIdentityDataOut.nullable(),
  documents: z.array(StaffIdentityDocumentOut),
})

export const InquiryQuery = z.object({
  kind: z.preprocess(
    blankToUndefined,
    z.enum(INQUIRY_KINDS, { error: REVIEW_MESSAGES.kind }).optional(),
  ),
  result: z.preprocess(
    blankToUndefined,
    z.enum(INQUIRY_RESULTS, { error: REVIEW_MESSAGES.result }).optional(),
  ),
  ...paging,
})

/** One question put to the provider: no personal data, by design (only an HMAC is stored). */
export const InquiryOut = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  kind: z.enum(INQUIRY_KINDS),
  provider: z.string(),
  result: z.enum(INQUIRY_RESULTS),
  duration_ms: z.number().int(),
  created_at: z.date(),
})

export const InquiryPageOut = z.object({ count: z.number().int(), results: z.array(InquiryOut) })

export const DocumentRevealOut = z.object({
  id: z.number().int(),
  review_id: z.number().int(),
  document_id: z.number().int(),
  kind: z.enum(IDENTITY_DOCUMENT_KINDS),
  staff: UserRef.nullable(),
  created_at: z.date(),
})

/**
 * A card the customer registered, removed ones too (AML record): masked, never the hash. The
 * owner inquiry is the question asked when it was added; null when that answer was reused from
 * an earlier question (nothing new was asked) or none is on record.
 */
export const StaffCardOut = CardOut.extend({
  deleted_at: z.date().nullable(),
  owner_inquiry: z
    .object({ id: z.number().int(), result: z.enum(INQUIRY_RESULTS), created_at: z.date() })
    .nullable(),
})

/** `GET /api/staff/users/{id}/identity/`: everything identity knows of one customer. */
export const StaffIdentityHistoryOut = z.object({
  user: CustomerRef,
  level: z.number().int(),
  identity: StaffIdentityDataOut.nullable(),
  cards: z.array(StaffCardOut),
  inquiries: z.array(InquiryOut),
  reviews: z.array(ReviewSummaryOut),
  reveals: z.array(DocumentRevealOut),
})
