import { z } from 'zod'
import { paging, STAFF_MESSAGES } from './staff.ts'

/**
 * The kinds of SMS the service sends, with the back office's Persian name of each, and the
 * staff calls over SMS that could not be delivered (`/api/staff/sms/dead/`). Staff see who and
 * what kind, never a message's text: a code message's text is the code.
 */

export const SMS_KINDS = [
  'otp',
  'otp_locked',
  'ticket_reply',
  'order_status',
  'money_back',
  'refund_account',
  'proposal_waiting',
] as const
export type SmsKind = (typeof SMS_KINDS)[number]

export const SMS_KIND_LABELS: Record<SmsKind, string> = {
  otp: 'کد تایید',
  otp_locked: 'قفل شدن کد تایید',
  ticket_reply: 'پاسخ تیکت',
  order_status: 'تغییر وضعیت سفارش',
  money_back: 'بازگشت پول',
  refund_account: 'درخواست شبای بازگشت پول',
  proposal_waiting: 'پیشنهاد در انتظار تأیید (کارکنان)',
}

export const SMS_MESSAGES = {
  notDead: 'این پیامک در فهرست پیامک‌های ناموفق نیست (شاید پیش‌تر دوباره فرستاده شده است).',
} as const

/** One SMS whose every try failed: masked phone, kind, tries, the last error, when. */
export const DeadSmsOut = z.object({
  id: z.uuid(),
  kind: z.enum(SMS_KINDS),
  /** Masked: 0912***4567. */
  phone: z.string(),
  attempts: z.number().int(),
  /** The vendor's or the network's words, digit runs masked; never the message. */
  last_error: z.string().nullable(),
  created_at: z.date(),
  failed_at: z.date().nullable(),
})

export const DeadSmsListOut = z.object({
  count: z.number().int(),
  results: z.array(DeadSmsOut),
})

export const DeadSmsQuery = z.object(paging)

export const SmsJobParams = z.object({
  id: z.uuid({ error: STAFF_MESSAGES.notFound }),
})

export const SmsRetriedOut = z.object({ id: z.uuid(), status: z.literal('queued') })
