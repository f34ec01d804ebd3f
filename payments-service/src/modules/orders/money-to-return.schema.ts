import { z } from 'zod'
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE } from '../../lib/text.ts'
import { RefundOut } from './staff.schema.ts'

/** Persian texts of "money to return" (shown by web as they are). */
export const MONEY_TO_RETURN_MESSAGES = {
  noteRequired: 'توضیح بازپرداخت دستی لازم است',
  tooLong: 'متن بیش از حد طولانی است',
  notFound: 'یافت نشد',
  refundOpen: 'برای این پرداخت بازپرداختی در جریان است؛ بازپرداخت دوباره ممکن نیست.',
  notInSuspense: 'این پرداخت پولی برای بازگرداندن ندارد.',
} as const

export const RefundByHandBody = z.object({
  note: z
    .string({ error: MONEY_TO_RETURN_MESSAGES.noteRequired })
    .trim()
    .min(1, MONEY_TO_RETURN_MESSAGES.noteRequired)
    .max(2000, MONEY_TO_RETURN_MESSAGES.tooLong)
    .refine((value) => !hasForbiddenCharacters(value, true), INVALID_CHARACTERS_MESSAGE),
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
})

export const MoneyToReturnOut = z.object({
  count: z.number().int(),
  total_irr: z.number().int(),
  results: z.array(MoneyToReturnItemOut),
})
