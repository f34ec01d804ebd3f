import { TICKET_LIMIT_MESSAGES, TICKET_LIMITS, TICKET_ORDER_MESSAGES } from '../tickets.ts'
import { toLatinDigits, toPersianDigits } from '../digits.ts'
import { z } from 'zod'
import { MAX_ATTACHMENTS_PER_MESSAGE, UPLOAD_MESSAGES, UploadedFile } from '../uploads.ts'
import { scrubText } from '../text.ts'

/** Texts the web client shows as they are: the product's for the ticket form, ours for the rest. */
export const MESSAGES = {
  ...TICKET_LIMIT_MESSAGES,
  ...TICKET_ORDER_MESSAGES,
  subjectTooLong: 'موضوع نباید بیشتر از ۲۰۰ کاراکتر باشد',
  categoryInvalid: 'دسته‌بندی انتخاب‌شده معتبر نیست',
  messageRequired: 'شناسه پیام لازم است',
  messageInvalid: 'شناسه پیام معتبر نیست',
  ticketNotFound: 'تیکت یافت نشد',
  messageNotFound: 'پیام یافت نشد',
  attachmentNotFound: 'فایل یافت نشد',
  ticketClosed: 'این تیکت بسته شده است و پیام یا فایل جدیدی نمی‌پذیرد.',
  notYourMessage: 'فقط به پیام‌های خودتان می‌توانید فایل پیوست کنید.',
  tooManyAttachments: `هر پیام حداکثر ${toPersianDigits(MAX_ATTACHMENTS_PER_MESSAGE)} فایل پیوست می‌تواند داشته باشد.`,
  tooManyOpenTickets:
    'شما ۲۰ تیکت باز دارید. لطفاً پیش از ثبت تیکت جدید، تیکت‌هایی را که پاسخ گرفته‌اند ببندید.',
  preparedTitleRequired: 'عنوان پیام آماده لازم است',
  preparedTitleTooLong: 'عنوان پیام آماده نباید بیشتر از ۱۰۰ کاراکتر باشد',
  preparedContentRequired: 'متن پیام آماده لازم است',
  preparedNotFound: 'پیام آماده یافت نشد',
  ...UPLOAD_MESSAGES,
} as const

export const STATUS_DISPLAY = { open: 'باز', closed: 'بسته شده' } as const

export const MAX_TITLE_LENGTH = TICKET_LIMITS.titleLength
export const MAX_CONTENT_LENGTH = TICKET_LIMITS.contentLength

/**
 * Text as people type it: Windows line ends become \n; control characters other than tab and
 * line feed (NUL, which PostgreSQL refuses in text, escape sequences that would repaint a
 * terminal reading the logs) and surrounding whitespace go. Blank becomes `undefined`, so
 * "required" reads the same for a missing field and an empty one.
 */
export function cleanText(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const cleaned = scrubText(value.replace(/\r\n?/g, '\n'), true).trim()
  return cleaned === '' ? undefined : cleaned
}

const messageFor = (missing: string, invalid: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? missing : invalid),
})

/**
 * Required text, cleaned as above (the staff API's `requiredText` refuses controls instead):
 * `missing` when absent or blank.
 */
export const requiredCleanText = (missing: string, max: number, tooLong: string) =>
  z.preprocess(cleanText, z.string(messageFor(missing, missing)).max(max, tooLong))

/** Optional text, cleaned as above: blank means absent. */
export const optionalCleanText = (max: number, tooLong: string) =>
  z.preprocess(cleanText, z.string().max(max, tooLong).optional())

/**
 * A database id from JSON (a number) or a form field (a string, maybe in Persian digits);
 * blank reads as missing.
 */
export const idField = (missing: string, invalid: string) =>
  z.preprocess(latinId, idNumber(missing, invalid))

/** Like `idField`, but absent or blank is fine. */
export const optionalIdField = (invalid: string) =>
  z.preprocess(latinId, idNumber(invalid, invalid).optional())

/** A form's or JSON's id as a number (Persian digits too); blank or absent is undefined. */
export function latinId(value: unknown): unknown {
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'string') return value
  const digits = toLatinDigits(value.trim())
  if (digits === '') return undefined
  return /^\d{1,15}$/.test(digits) ? Number(digits) : value
}

const idNumber = (missing: string, invalid: string) =>
  z
    .number(messageFor(missing, invalid))
    .int(invalid)
    .positive(invalid)
    .max(Number.MAX_SAFE_INTEGER, invalid)

export const TicketIdParams = z.object({
  id: idField(MESSAGES.ticketNotFound, MESSAGES.ticketNotFound).meta({
    description: 'ticket id',
  }),
})

export const AttachmentIdParams = z.object({
  id: idField(MESSAGES.attachmentNotFound, MESSAGES.attachmentNotFound).meta({
    description: 'attachment id',
  }),
})

export const uploadedFile = z
  .custom<UploadedFile>((value) => value instanceof UploadedFile, {
    error: MESSAGES.fileRequired,
  })
  .superRefine((file, ctx) => {
    if (file.size === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.fileEmpty })
    else if (file.type === null) ctx.addIssue({ code: 'custom', message: MESSAGES.fileType })
  })
  .meta({
    description:
      'PNG, JPEG, WebP, GIF or PDF, at most 10 MB; the type is read from the bytes, not the name',
    type: 'string',
    format: 'binary',
  })

export const CreateTicketBody = z.object({
  title: requiredCleanText(MESSAGES.titleRequired, MAX_TITLE_LENGTH, MESSAGES.titleTooLong),
  category: idField(MESSAGES.categoryRequired, MESSAGES.categoryInvalid).meta({
    description: 'a category id from /api/ticketing/categories/',
  }),
  subject: optionalCleanText(MAX_TITLE_LENGTH, MESSAGES.subjectTooLong),
  order_id: optionalIdField(MESSAGES.orderInvalid).meta({
    description: "one of the customer's own orders the ticket is about (optional)",
  }),
  message: optionalCleanText(MAX_CONTENT_LENGTH, MESSAGES.contentTooLong).meta({
    description:
      'the first message of the ticket (optional: the original client sends {title, category} and then posts the first message to /messages/)',
  }),
})

/**
 * A message: text, a file, or both (multipart for the file). Neither is
 * `{"content": ["پیام یا فایل لازم است"]}`.
 */
export const CreateMessageBody = z
  .object({
    content: optionalCleanText(MAX_CONTENT_LENGTH, MESSAGES.contentTooLong),
    file: uploadedFile.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.content === undefined && body.file === undefined) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: MESSAGES.contentOrFileRequired })
    }
  })

export const CreateAttachmentBody = z.object({
  message: idField(MESSAGES.messageRequired, MESSAGES.messageInvalid).meta({
    description: 'id of one of your messages on an open ticket',
  }),
  file: uploadedFile,
})

export const isoDate = z.string().meta({ format: 'date-time' })

export const Category = z.object({ id: z.number().int(), name: z.string() })
export const CategoryList = z.array(Category)

export const Ticket = z.object({
  id: z.number().int(),
  title: z.string(),
  subject: z.string().nullable(),
  // Optional on the wire: a pod from before tickets named orders leaves it out.
  order_id: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({ description: "the customer's order the ticket is about, if one was named" }),
  category: z.number().int().meta({ description: 'category id' }),
  category_name: z.string(),
  status: z.enum(['open', 'closed']),
  status_display: z.string().meta({ description: 'باز / بسته شده' }),
  // Optional on the wire: a pod from before support marked tickets solved leaves it out.
  resolved: z.boolean().optional().meta({
    description: 'support consider it solved (it stays open: closing is the customer’s)',
  }),
  created_at: isoDate,
  updated_at: isoDate,
})
export const TicketList = z.array(Ticket)

export const Attachment = z.object({
  id: z.number().int(),
  file: z.string().meta({
    description: 'URL of the download route (needs the same bearer token)',
    examples: ['/api/ticketing/attachments/7/download/'],
  }),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
})

export const Message = z.object({
  id: z.number().int(),
  ticket: z.number().int(),
  content: z.string(),
  author: z.object({
    id: z.number().int(),
    username: z.string().meta({ description: "the staff member's username or 'پشتیبانی'" }),
  }),
  is_staff: z.boolean(),
  created_at: isoDate,
  attachments: z.array(Attachment),
})
export const MessageList = z.array(Message)

export const AttachmentCreated = Attachment.extend({ message: z.number().int() })
