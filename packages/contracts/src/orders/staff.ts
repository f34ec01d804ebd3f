import { ORDER_STAGES as STAGES, PAYMENT_TYPE_CODES, type OrderStage } from '../orders.ts'
import { phoneSchema } from '../phone.ts'
import { orderAmountFields, orderHeadFields } from './order-fields.ts'
import { TicketSummaryOut } from '../tickets/staff.ts'
import { z } from 'zod'
import { blankToUndefined, paging, STAFF_MESSAGES, UserRef } from '../staff.ts'
import { requiredText, trimmedOrNull } from '../text.ts'

/** The stages a staff member may ask for (fulfilment/actions.ts maps each to its moves). */
export const STAFF_TARGETS = ['in_progress', 'done', 'rejected', 'refunded', 'cancelled'] as const
export type StaffTarget = (typeof STAFF_TARGETS)[number]

export const tehranDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, STAFF_MESSAGES.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), STAFF_MESSAGES.date)

export const OrderQuery = z.object({
  stage: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim()))
      .pipe(z.array(z.enum(STAGES, { error: STAFF_MESSAGES.stage })).min(1))
      .optional(),
  ),
  payment_type: z.preprocess(blankToUndefined, z.enum(PAYMENT_TYPE_CODES).optional()),
  from: z.preprocess(blankToUndefined, tehranDay.optional()),
  to: z.preprocess(blankToUndefined, tehranDay.optional()),
  phone: z.preprocess(blankToUndefined, phoneSchema(STAFF_MESSAGES.phone).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(['oldest', 'newest']).default('newest')),
  ...paging,
})
export type OrderQueryInput = z.output<typeof OrderQuery>

export const TransitionBody = z.object({
  to: z.enum(STAFF_TARGETS, { error: STAFF_MESSAGES.target }),
  note: trimmedOrNull(2000),
  internal_note: trimmedOrNull(2000),
  reference: trimmedOrNull(100),
  reason: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_]+$/)
    .optional(),
})
export type TransitionInput = z.output<typeof TransitionBody>

export const SettleRefundBody = z.object({
  reference: requiredText(STAFF_MESSAGES.referenceRequired, 100, { multiline: false }),
  note: trimmedOrNull(2000),
})

const CustomerRef = z.object({ id: z.number().int(), phone: z.string(), username: z.string() })

export const OrderSummaryOut = z.object({
  ...orderHeadFields,
  ...orderAmountFields,
  amount_irr: z.number().int(),
  customer: CustomerRef,
  paid_at: z.date().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
})

export const OrderPageOut = z.object({ count: z.number().int(), results: z.array(OrderSummaryOut) })

export const ActionOut = z.object({
  to: z.enum(STAFF_TARGETS),
  label: z.string(),
  note_required: z.boolean(),
  reference_required: z.boolean(),
  result_stage: z.enum(STAGES),
})

export const StaffEventOut = z.object({
  id: z.number().int(),
  from_stage: z.enum(STAGES).nullable(),
  to_stage: z.enum(STAGES),
  reason: z.string(),
  actor: z.enum(['customer', 'staff', 'gateway', 'system']),
  actor_user: UserRef.nullable(),
  note: z.string().nullable(),
  internal_note: z.string().nullable(),
  reference: z.string().nullable(),
  created_at: z.date(),
})

export const RefundOut = z.object({
  id: z.number().int(),
  amount_irr: z.number().int(),
  method: z.enum(['gateway_reverse', 'manual']),
  status: z.enum(['requested', 'done', 'pending', 'refused']),
  reference: z.string().nullable(),
  created_at: z.date(),
  settled_at: z.date().nullable(),
})

export const OrderDetailOut = OrderSummaryOut.extend({
  site_username: z.string().nullable(),
  subtotal_irr: z.number().int(),
  fee_irr: z.number().int(),
  rate_irr: z.number().int().meta({ description: 'Locked buy rate, rials per unit' }),
  rate_locked_until: z.date(),
  description: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
  sheba: z.string().nullable(),
  customer: CustomerRef.extend({ email: z.string().nullable(), blocked: z.boolean() }),
  has_credentials: z.boolean(),
  credentials_wiped_at: z.date().nullable(),
  documents: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      content_type: z.string(),
      size: z.number().int(),
      created_at: z.date(),
      download_url: z.string(),
    }),
  ),
  events: z.array(StaffEventOut),
  /** The customer's tickets about this order (the ticket page links back to the order). */
  tickets: z.array(TicketSummaryOut).optional(),
  refunds: z.array(RefundOut),
  gateway_attempts: z.array(
    z.object({
      id: z.number().int(),
      res_num: z.string(),
      status: z.string(),
      amount_irr: z.number().int(),
      ref_num: z.string().nullable(),
      masked_pan: z.string().nullable(),
      verified_at: z.date().nullable(),
      created_at: z.date(),
    }),
  ),
  actions: z.array(ActionOut),
})

/**
 * While staff may open the customer's site password: once the order is paid and until it is
 * finished. Before payment nobody should log in to the customer's account for us; after it is
 * done, rejected or refunded nobody needs to, though the password is kept a few days more
 * (CREDENTIALS_RETENTION_DAYS) in case the customer disputes the purchase.
 */
export const CREDENTIAL_STAGES = ['paid', 'in_progress'] as const satisfies readonly OrderStage[]
export const credentialsNeeded = (stage: OrderStage): boolean =>
  (CREDENTIAL_STAGES as readonly OrderStage[]).includes(stage)

export const RevealedOut = z.object({
  site_username: z.string().nullable(),
  site_password: z.string(),
  revealed_at: z.date(),
})

export const DashboardOut = z.object({
  orders_waiting: z.object({
    awaiting_payment: z.number().int(),
    paid: z.number().int(),
    in_progress: z.number().int(),
  }),
  tickets_waiting: z.number().int(),
  today_paid_irr: z.number().int().meta({ description: 'Rials (web shows toman)' }),
  today_paid_count: z.number().int(),
  day: z.string().meta({ description: 'Tehran calendar day, YYYY-MM-DD' }),
})

// ---- money to return ------------------------------------------------------------------------

/** Persian texts of "money to return" (shown by web as they are). */
export const MONEY_TO_RETURN_MESSAGES = {
  noteRequired: 'توضیح بازپرداخت دستی لازم است',
  tooLong: 'متن بیش از حد طولانی است',
  notFound: 'یافت نشد',
  refundOpen: 'برای این پرداخت بازپرداختی در جریان است؛ بازپرداخت دوباره ممکن نیست.',
  notInSuspense: 'این پرداخت پولی برای بازگرداندن ندارد.',
} as const

export const RefundByHandBody = z.object({
  note: requiredText(MONEY_TO_RETURN_MESSAGES.noteRequired, 2000, {
    tooLong: MONEY_TO_RETURN_MESSAGES.tooLong,
  }),
})

const ItemRefundOut = RefundOut.extend({ reason: z.string().nullable() })

export const MoneyToReturnItemOut = z.object({
  gateway_tx_id: z.number().int(),
  payment_id: z.number().int().meta({ description: 'The order' }),
  customer_phone: z.string(),
  amount_irr: z.number().int().meta({ description: 'Rials to return: held + outgoing' }),
  held_irr: z.number().int().meta({ description: 'In suspense, no return started' }),
  outgoing_irr: z.number().int().meta({ description: 'On its way back (a refund is open)' }),
  reason: z.string().nullable().meta({
    description:
      'Why it is in suspense: duplicate_payment, late_payment, amount_mismatch, reference_mismatch',
  }),
  return_block: z.string().nullable().meta({
    description:
      'Why it is left to staff (reversal_refused, reversal_unanswered, unproven_reference, receipt_unavailable, bank_names_another, refunded_by_hand); null: the system still tries to reverse it',
  }),
  status: z.string().meta({ description: 'The gateway transaction status' }),
  ref_num: z.string().nullable(),
  since: z.date().meta({ description: 'Callback time, else the last update' }),
  refunds: z.array(ItemRefundOut),
  refund_sheba: z.string().nullable().optional().meta({
    description:
      "The account the customer gave for a transfer of this order's money; null: none yet",
  }),
  refund_sheba_checked: z.boolean().optional().meta({
    description:
      "The owner inquiry matched the customer at level 1; false: check the account's owner by hand before transferring",
  }),
})

export const MoneyToReturnOut = z.object({
  count: z.number().int(),
  total_irr: z.number().int(),
  results: z.array(MoneyToReturnItemOut),
})
