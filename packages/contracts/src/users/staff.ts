import { phoneSchema } from '../phone.ts'
import { toLatinDigits } from '../digits.ts'
import { z } from 'zod'
import { ROLES } from '../value-sets.ts'
import { OrderSummaryOut } from '../orders/staff.ts'
import { TicketSummaryOut } from '../tickets/staff.ts'
import { blankToUndefined, paging, STAFF_MESSAGES, UserRef } from '../staff.ts'
import { requiredText, trimmedOrNull } from '../text.ts'

/** Request and response shapes of staff user management (accounts, blocking, support role). */

/** What a `user_audit` row records (the table's CHECK constraint lists the same values). */
export const USER_AUDIT_ACTIONS = [
  'block',
  'unblock',
  'grant_support',
  'revoke_support',
  'second_factor_enrolled',
  'recovery_code_used',
  'close',
  'enrolment_link_issued',
] as const
export type UserAuditAction = (typeof USER_AUDIT_ACTIONS)[number]

export const UserQuery = z.object({
  phone: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => toLatinDigits(value).replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{4,11}$/, STAFF_MESSAGES.phonePrefix))
      .optional(),
  ),
  role: z.preprocess(blankToUndefined, z.enum(ROLES).optional()),
  blocked: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  ),
  ...paging,
})
export type UserQueryInput = z.output<typeof UserQuery>

export const StaffUserOut = z.object({
  id: z.number().int(),
  phone: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  blocked: z.boolean(),
  blocked_at: z.date().nullable(),
  /** Closed by an admin (ADR 025): blocked for good; identity documents purged after retention. */
  closed_at: z.date().nullable(),
  created_at: z.date(),
  last_login_at: z.date().nullable(),
})

export const UserPageOut = z.object({ count: z.number().int(), results: z.array(StaffUserOut) })

export const UserDetailOut = StaffUserOut.extend({
  second_factor_enrolled: z.boolean().nullable().meta({
    description: 'staff: whether their authenticator is confirmed (ADR 015); null for customers',
  }),
  orders: z.array(OrderSummaryOut),
  orders_count: z.number().int(),
  tickets: z.array(TicketSummaryOut),
  tickets_count: z.number().int(),
  audit: z.array(
    z.object({
      id: z.number().int(),
      action: z.enum(USER_AUDIT_ACTIONS),
      actor: UserRef.nullable(),
      note: z.string().nullable(),
      created_at: z.date(),
    }),
  ),
})

export const BlockBody = z.object({
  note: requiredText(STAFF_MESSAGES.noteRequired, 500),
})

export const UnblockBody = z.object({ note: trimmedOrNull(500) })

/** Persian texts of closing an account (ADR 025): the reason, and every refusal, by code. */
export const ACCOUNT_CLOSING_MESSAGES = {
  reasonRequired: 'دلیل بستن حساب لازم است',
  /** 409 `not_yourself` */
  notYourself: 'نمی‌توانید حساب خودتان را ببندید.',
  /** 403 `permission_denied`: staff accounts are closed by taking the role away first. */
  staffAccount: 'فقط حساب مشتری بسته می‌شود؛ حساب کارکنان از اینجا بسته نمی‌شود.',
  /** 409 `already_closed` */
  alreadyClosed: 'این حساب قبلاً بسته شده است.',
  /** 409 `payouts_pending` */
  payoutsPending:
    'این مشتری درخواست نقد کردن تسویه‌نشده دارد؛ پیش از بستن حساب باید تسویه یا لغو شود.',
  /** 409 `orders_open` */
  ordersOpen:
    'این مشتری سفارش باز دارد؛ پیش از بستن حساب، سفارش‌ها باید به پایان برسند یا لغو شوند.',
  /** 409 `money_to_return` */
  moneyToReturn:
    'پولی از این مشتری باید برگردانده شود؛ پیش از بستن حساب، بازگرداندن آن را کامل کنید.',
  /** 409 `account_closed`, on unblock */
  unblockClosed: 'این حساب بسته شده است و دیگر از حالت مسدود خارج نمی‌شود.',
} as const

/** Closing an account, by an admin, at the customer's request (a ticket): the reason is kept. */
export const CloseBody = z.object({
  reason: requiredText(ACCOUNT_CLOSING_MESSAGES.reasonRequired, 500),
})

export const SupportRoleBody = z.object({
  phone: phoneSchema(STAFF_MESSAGES.phone),
  note: trimmedOrNull(500),
})
