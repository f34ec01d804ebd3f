import { z } from 'zod'
import { tehranDay } from './orders/staff.ts'
import { blankToUndefined, paging, UserRef } from './staff.ts'

/**
 * The staff audit log: what each row may say was done, with its Persian label for the back
 * office, and the admins' query and row shapes.
 */
export const STAFF_AUDIT_ACTIONS = [
  'order_moved',
  'order_event_recorded',
  'identity_document_revealed',
  'identity_review_decided',
  'user_changed',
  'rates_changed',
  'payment_type_changed',
  'staff_account_set',
  'sms_retried',
  'proposal_made',
  'proposal_approved',
  'proposal_declined',
  'comment_moderated',
] as const
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number]

export const STAFF_AUDIT_LABELS: Record<StaffAuditAction, string> = {
  order_moved: 'تغییر وضعیت سفارش',
  order_event_recorded: 'اقدام روی سفارش (نمایش رمز، تسویه یا بازپرداخت)',
  identity_document_revealed: 'باز کردن مدرک هویتی',
  identity_review_decided: 'تصمیم درباره احراز هویت سطح ۲',
  user_changed: 'تغییر حساب کاربر',
  rates_changed: 'تغییر نرخ ارز',
  payment_type_changed: 'تغییر تنظیمات نوع پرداخت',
  staff_account_set: 'ساخت یا بازنشانی حساب کارکنان از خط فرمان',
  sms_retried: 'ارسال دوباره پیامک ناموفق',
  proposal_made: 'پیشنهاد اقدامی که تأیید همکار لازم دارد',
  proposal_approved: 'تأیید پیشنهاد همکار',
  proposal_declined: 'رد پیشنهاد همکار',
  comment_moderated: 'تصمیم ناظر درباره دیدگاه وبلاگ (در CMS)',
}

export const StaffAuditQuery = z.object({
  // A user id is a PostgreSQL integer: anything larger names nobody.
  actor: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ),
  action: z.preprocess(blankToUndefined, z.enum(STAFF_AUDIT_ACTIONS).optional()),
  from: z.preprocess(blankToUndefined, tehranDay.optional()),
  to: z.preprocess(blankToUndefined, tehranDay.optional()),
  ...paging,
})
export type StaffAuditQueryInput = z.output<typeof StaffAuditQuery>

export const StaffAuditEntryOut = z.object({
  id: z.number().int(),
  created_at: z.date(),
  actor: z.string(),
  actor_user: UserRef.nullable(),
  action: z.enum(STAFF_AUDIT_ACTIONS),
  subject_type: z.string(),
  subject_id: z.string(),
  data: z.record(z.string(), z.unknown()),
  hash: z.string(),
})

export const StaffAuditPageOut = z.object({
  count: z.number().int(),
  results: z.array(StaffAuditEntryOut),
})
