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

/**
 * A file a multipart body brought, wherever its bytes are now (in memory, or sealed on the way
 * in). Only the multipart reader makes one, so a schema that checks `instanceof` can never be
 * passed a look-alike object from a JSON body.
 */
export abstract class ReceivedFile {
  /** The name the client sent, as it was: only for `sanitizeFileName`. */
  abstract readonly clientName: string
  /** `null` when the bytes are not one of the allowed types (whatever the name says). */
  abstract readonly type: AttachmentType | null
  abstract readonly size: number
}

/** A file read from a multipart body into memory, with its type detected from the bytes. */
export class UploadedFile extends ReceivedFile {
  constructor(
    readonly clientName: string,
    readonly data: Buffer,
    readonly type: AttachmentType | null,
  ) {
    super()
  }

  get size(): number {
    return this.data.length
  }
}
