import { z } from 'zod'
import { toPersianDigits } from '../digits.ts'
import { MAX_ATTACHMENT_BYTES, ReceivedFile } from '../uploads.ts'
import { IdentityStatusOut } from './customer.ts'

/**
 * The customer's side of level 2 (ADR 025): two photos (the national ID card, and the
 * customer holding it) that staff review. Images only: a review looks at faces and card
 * details, which a PDF adds nothing to.
 */

export const IDENTITY_DOCUMENT_KINDS = ['national_card', 'selfie'] as const
export type IdentityDocumentKind = (typeof IDENTITY_DOCUMENT_KINDS)[number]

export const IDENTITY_DOCUMENT_LABELS: Record<IdentityDocumentKind, string> = {
  national_card: 'تصویر روی کارت ملی',
  selfie: 'عکس شما در حالی که کارت ملی را کنار صورت خود گرفته‌اید',
}

export const IDENTITY_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number]
export const isIdentityDocumentType = (type: string | null): type is IdentityDocumentType =>
  (IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(type ?? '')

/** Where the customer's level-2 request stands; `rejected` stays until a new one is complete. */
export const LEVEL2_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const
export type Level2Status = (typeof LEVEL2_STATUSES)[number]

export const IDENTITY_DOCUMENT_MESSAGES = {
  kindRequired: 'نوع مدرک را انتخاب کنید: کارت ملی یا عکس با کارت ملی',
  fileRequired: 'تصویر مدرک لازم است',
  fileEmpty: 'فایل خالی است',
  fileType: 'فقط تصویر JPEG، PNG یا WebP بفرستید؛ این فایل تصویر نیست.',
  fileTooLarge: `حجم تصویر نباید بیشتر از ${toPersianDigits(MAX_ATTACHMENT_BYTES / 1024 / 1024)} مگابایت باشد.`,
  needsLevel1:
    'برای ارسال مدارک سطح ۲، ابتدا احراز هویت سطح ۱ (نام، کد ملی و تاریخ تولد) را کامل کنید.',
  underReview:
    'مدارک شما در حال بررسی است و تا پایان بررسی مدرک تازه‌ای پذیرفته نمی‌شود. نتیجه را در همین صفحه می‌بینید.',
  alreadyLevel2: 'احراز هویت سطح ۲ شما پیش‌تر تأیید شده است.',
  tooManyUploads:
    'در یک ساعت گذشته تصاویر زیادی فرستاده‌اید. لطفاً کمی بعد دوباره تلاش کنید؛ اگر مشکلی هست، تیکت بزنید.',
  tooManyInRequest:
    'برای این درخواست تصاویر زیادی فرستاده‌اید. اگر تصویر درستی را نمی‌توانید بفرستید، تیکت بزنید تا پشتیبانی راهنمایی کند.',
  notFound: 'یافت نشد',
} as const

export const identityDocumentFile = z
  .custom<ReceivedFile>((value) => value instanceof ReceivedFile, {
    error: IDENTITY_DOCUMENT_MESSAGES.fileRequired,
  })
  .superRefine((file, ctx) => {
    if (file.size === 0)
      ctx.addIssue({ code: 'custom', message: IDENTITY_DOCUMENT_MESSAGES.fileEmpty })
    else if (!isIdentityDocumentType(file.type))
      ctx.addIssue({ code: 'custom', message: IDENTITY_DOCUMENT_MESSAGES.fileType })
  })
  .meta({
    description: `JPEG, PNG or WebP, at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB; the type is read from the bytes, never the name or the client's MIME type`,
    type: 'string',
    format: 'binary',
    // JSON Schema's media type of the content: tells clients (and the generated fuzz) images only.
    contentMediaType: 'image/*',
  })

/** `POST /api/me/identity/documents/` (multipart). */
export const IdentityDocumentBody = z.object({
  kind: z.enum(IDENTITY_DOCUMENT_KINDS, { error: IDENTITY_DOCUMENT_MESSAGES.kindRequired }),
  file: identityDocumentFile,
})

/** One document as its owner sees it (no file name: the customer's name for it is not kept). */
export const IdentityDocumentOut = z.object({
  id: z.number().int(),
  kind: z.enum(IDENTITY_DOCUMENT_KINDS),
  content_type: z.enum(IDENTITY_DOCUMENT_TYPES),
  size_bytes: z.number().int(),
  created_at: z.date(),
})

export const Level2Out = z.object({
  status: z.enum(LEVEL2_STATUSES),
  /** The staff member's reason, shown to the customer, when `rejected`. */
  reason: z.string().nullable(),
  decided_at: z.date().nullable(),
  /** The documents of the request being assembled or reviewed (latest of each kind). */
  documents: z.array(IdentityDocumentOut),
  /** Kinds still to upload before the request goes to review. */
  missing: z.array(z.enum(IDENTITY_DOCUMENT_KINDS)),
  /** Whether an upload is accepted now (level 1 reached, nothing under review, not level 2). */
  can_upload: z.boolean(),
})

/** `GET /api/me/identity/` with the level-2 request. */
export const IdentityStatusWithLevel2Out = IdentityStatusOut.extend({ level2: Level2Out })

/** The 201 of an upload: the document and where the request now stands. */
export const IdentityDocumentUploadOut = z.object({
  document: IdentityDocumentOut,
  level2: Level2Out,
})
