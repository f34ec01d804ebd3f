import { toPersianDigits } from './digits.ts'

/**
 * What an uploaded file may be (tickets' attachments, orders' documents) and the texts that
 * refuse it. payments-service reads multipart bodies into `UploadedFile`s; request schemas check
 * them with `instanceof`, so the class lives here beside the limits.
 */

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
export const MAX_ATTACHMENTS_PER_MESSAGE = 5

/** Detected MIME type → the extension the stored name gets. */
export const ALLOWED_ATTACHMENT_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
} as const

export type AttachmentType = keyof typeof ALLOWED_ATTACHMENT_TYPES

export const UPLOAD_MESSAGES = {
  fileRequired: 'فایل لازم است',
  fileEmpty: 'فایل خالی است',
  fileType: 'نوع فایل مجاز نیست. فقط تصویر (PNG، JPEG، WebP، GIF) یا PDF بفرستید.',
  fileTooLarge: `حجم فایل نباید بیشتر از ${toPersianDigits(MAX_ATTACHMENT_BYTES / 1024 / 1024)} مگابایت باشد.`,
  oneFile: 'در هر درخواست فقط یک فایل می‌توان فرستاد.',
  fieldTooLong: 'مقدار این فیلد بیش از حد طولانی است.',
  malformed: 'بدنه چندبخشی (multipart) درخواست معتبر نیست.',
  busy: 'سرور هم‌اکنون فایل‌های زیادی دریافت می‌کند. لطفاً چند ثانیه بعد دوباره بفرستید.',
} as const

/** A file read from a multipart body, with its type detected from the bytes. */
export class UploadedFile {
  constructor(
    /** The name the client sent, as it was: only for `sanitizeFileName`. */
    readonly clientName: string,
    readonly data: Buffer,
    /** `null` when the bytes are not one of the allowed types (whatever the name says). */
    readonly type: AttachmentType | null,
  ) {}

  get size(): number {
    return this.data.length
  }
}
