import { toPersianDigits } from '../digits.ts'
import { MAX_ATTACHMENT_BYTES } from '../uploads.ts'

/**
 * The words and lists of level 2's photos, apart from their schemas: pages that only name a
 * photo or list the kinds load these without the validation library.
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
