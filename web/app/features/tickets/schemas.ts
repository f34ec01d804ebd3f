import {
  TICKET_LIMIT_MESSAGES,
  TICKET_LIMITS,
  TICKET_ORDER_MESSAGES,
  toLatinDigits,
  toPersianDigits,
} from '@arzpol/contracts'
// zod/mini: these run in the browser too (see features/auth/auth-schemas.ts).
import * as z from 'zod/mini'

/**
 * The tickets page's texts and form schemas, shared by the browser (checks before sending) and
 * the actions (the same answer without JavaScript). The product's texts byte for byte
 * (docs/product/tickets.md, docs/product/errors.md).
 */

export const MAX_FILE_BYTES = TICKET_LIMITS.attachmentBytes
export const MAX_TITLE_LENGTH = TICKET_LIMITS.titleLength
export const MAX_CONTENT_LENGTH = TICKET_LIMITS.contentLength
/** Shown in the file picker; payments-service decides by the file's bytes anyway. */
export const ACCEPTED_FILES = 'image/png,image/jpeg,image/webp,image/gif,application/pdf'
/** What a ticket's file picker says it takes. */
export const FILE_HINT = `تصویر یا PDF، حداکثر ${toPersianDigits(MAX_FILE_BYTES / 1024 / 1024)} مگابایت`

export const TICKET_MESSAGES = {
  ...TICKET_LIMIT_MESSAGES,
  ...TICKET_ORDER_MESSAGES,
  createFailed: 'خطا در ایجاد تیکت',
  /** The ticket was opened but its file did not go with it. */
  createdWithoutFile:
    'تیکت ثبت شد، اما فایل پیوست نشد. فایل را از همین صفحه همراه یک پیام دوباره بفرستید.',
  sendFailed: 'خطا در ارسال پیام',
  closeFailed: 'خطا در بستن تیکت',
  closeConfirm: 'آیا از بستن این تیکت مطمئن هستید؟ پس از بستن، دیگر نمی‌توانید در آن پیام بفرستید.',
  created: 'تیکت با موفقیت ثبت شد',
  closed: 'تیکت بسته شد',
  closedNotice: 'این تیکت بسته شده است و امکان ارسال پیام در آن وجود ندارد.',
  resolvedNotice:
    'پشتیبانی این درخواست را حل‌شده می‌داند. اگر مشکل برطرف شده، تیکت را ببندید؛ اگر نه، همین‌جا بنویسید.',
} as const

export const TICKET_INTENTS = { create: 'create', send: 'send', close: 'close' } as const

/** A form field as FormData gives it: absent, or a string. */
const text = z._default(z.string(), '')

export const newTicketSchema = z
  .pipe(
    z.object({ title: text, category: text, message: text, subject: text, order_id: text }),
    z.transform((v) => ({
      title: v.title.trim(),
      category: toLatinDigits(v.category.trim()),
      message: v.message.trim(),
      subject: v.subject.trim(),
      // The order the ticket is about: blank for none; payments-service checks it is theirs.
      order_id: toLatinDigits(v.order_id.trim()),
    })),
  )
  .check(
    z.superRefine((v, ctx) => {
      if (!v.title) {
        ctx.addIssue({ code: 'custom', message: TICKET_MESSAGES.titleRequired, path: ['title'] })
      } else if (v.title.length > MAX_TITLE_LENGTH) {
        ctx.addIssue({ code: 'custom', message: TICKET_MESSAGES.titleTooLong, path: ['title'] })
      }
      if (!/^\d+$/.test(v.category)) {
        const message = TICKET_MESSAGES.categoryRequired
        ctx.addIssue({ code: 'custom', message, path: ['category'] })
      }
      if (v.order_id && !/^\d{1,15}$/.test(v.order_id)) {
        ctx.addIssue({ code: 'custom', message: TICKET_MESSAGES.orderInvalid, path: ['order_id'] })
      }
      if (!v.message) {
        const message = TICKET_MESSAGES.initialMessageRequired
        ctx.addIssue({ code: 'custom', message, path: ['message'] })
      } else if (v.message.length > MAX_CONTENT_LENGTH) {
        const message = TICKET_MESSAGES.contentTooLong
        ctx.addIssue({ code: 'custom', message, path: ['message'] })
      }
    }),
  )

export type NewTicketInput = z.output<typeof newTicketSchema>

/** The text part of a message; whether a file came along is checked beside it. */
export function messageProblems(
  content: string,
  file: { size: number } | null,
): Record<string, string[]> {
  const trimmed = content.trim()
  if (!trimmed && !file) return { content: [TICKET_MESSAGES.contentOrFileRequired] }
  const problems: Record<string, string[]> = {}
  if (trimmed.length > MAX_CONTENT_LENGTH) problems.content = [TICKET_MESSAGES.contentTooLong]
  if (file && file.size > MAX_FILE_BYTES) problems.file = [TICKET_MESSAGES.fileTooLarge]
  return problems
}

export function schemaForIntent(intent: string) {
  return intent === TICKET_INTENTS.create ? newTicketSchema : null
}
