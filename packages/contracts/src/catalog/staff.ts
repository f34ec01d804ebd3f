import { formatNumberFa, MAX_FEE_BPS, MAX_FEE_FIXED_IRR, MAX_RATE_IRR } from '../money.ts'
import { PAYMENT_TYPE_CODES } from '../orders.ts'
import { z } from 'zod'
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE } from '../text.ts'
import { UserRef } from '../staff.ts'
import { CURRENCIES } from './currencies.ts'
import { currency, PaymentTypeOut } from './customer.ts'

/** Request and response shapes of the catalog's staff calls: setting rates, fees and limits. */

export const RateHistoryOut = z.object({
  id: z.number().int(),
  currency: z.enum(CURRENCIES),
  buy_rate_irr: z.number().int(),
  set_by_user_id: z.number().int().nullable(),
  set_by: UserRef.nullable().meta({ description: 'Who set it (audit); null for seeded rates' }),
  note: z.string().nullable(),
  created_at: z.date(),
  previous_buy_rate_irr: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The rate this one replaced (audit); null for the first' }),
  change_percent: z
    .number()
    .nullable()
    .meta({ description: 'Size of the change in percent of the previous rate' }),
  change_confirmed: z
    .boolean()
    .meta({ description: 'An admin confirmed a change above RATE_CHANGE_CONFIRM_PERCENT' }),
})

const CONFIRM_MESSAGE = 'تایید باید true یا false باشد'

export const SetRateBody = z.object({
  currency,
  buy_rate_irr: z
    .number({ error: 'نرخ باید عدد صحیح ریالی باشد' })
    .int('نرخ باید عدد صحیح ریالی باشد')
    .positive('نرخ باید بزرگ‌تر از صفر باشد')
    .max(MAX_RATE_IRR, 'نرخ بیش از حد بزرگ است'),
  note: z
    .string()
    .max(500)
    .refine((value) => !hasForbiddenCharacters(value, true), INVALID_CHARACTERS_MESSAGE)
    .nullish(),
  confirm: z
    .boolean({ error: CONFIRM_MESSAGE })
    .optional()
    .meta({ description: 'Confirms a change above RATE_CHANGE_CONFIRM_PERCENT' }),
})

/** 409 `rate_change_needs_confirmation` from a new rate: a change above RATE_CHANGE_CONFIRM_PERCENT. */
export const RateChangeNeedsConfirmation = z.object({
  detail: z.string(),
  code: z.literal('rate_change_needs_confirmation'),
  current_rate_irr: z.number().int().nullable(),
  requested_rate_irr: z.number().int(),
  change_percent: z.number(),
  confirm_above_percent: z.number(),
})

/** Who changed it (audit); null for seeded values. */
export const ChangedBy = UserRef.nullable()

export const StaffPaymentTypeOut = PaymentTypeOut.extend({
  updated_at: z.date().nullable(),
  updated_by: ChangedBy,
})

export const Settings = z.object({
  fee_bps: z.number().int(),
  fee_fixed_irr: z.number().int(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
})

export const PaymentTypeChangeOut = z.object({
  id: z.number().int(),
  payment_type: z.enum(PAYMENT_TYPE_CODES),
  old: Settings,
  new: Settings,
  changed_by: ChangedBy,
  note: z.string().nullable(),
  created_at: z.date(),
})

/** The largest minimum or maximum order an admin may set on a payment type, in whole units. */
export const MAX_ORDER_LIMIT_UNITS = 100_000

/**
 * The bounds of a payment type's fee and limits, in the API's units (basis points, rials, whole
 * currency units), inclusive. The one rule for the service's PATCH and the back office's form,
 * which reads percent and toman, converts, and checks these.
 */
export const PAYMENT_TYPE_BOUNDS = {
  fee_bps: { min: 0, max: MAX_FEE_BPS },
  fee_fixed_irr: { min: 0, max: MAX_FEE_FIXED_IRR },
  amount: { min: 1, max: MAX_ORDER_LIMIT_UNITS },
} as const

export const PAYMENT_TYPE_MESSAGES = {
  notFound: 'نوع خدمت یافت نشد',
  integer: 'یک عدد صحیح وارد کنید',
  feeBps: 'کارمزد درصدی باید بین ۰ و ۵۰۰۰ واحد پایه (۰ تا ۵۰٪) باشد',
  feeFixed: 'کارمزد ثابت باید عدد صحیح ریالی و نامنفی باشد',
  amount: 'مبلغ باید عدد صحیح بین ۱ و ۱۰۰٬۰۰۰ واحد ارزی باشد',
  limits: 'حداقل مبلغ نمی‌تواند از حداکثر مبلغ بیشتر باشد',
  empty: 'دست‌کم یکی از کارمزدها یا محدودیت‌ها را بفرستید',
  /** The back office's form shows the fee in percent and the fixed fee in toman. */
  feePercent: `درصد کارمزد باید عددی بین ۰ و ${formatNumberFa(MAX_FEE_BPS / 100)} با حداکثر دو رقم اعشار باشد`,
  feeFixedToman: `کارمزد ثابت را به تومان و به صورت عدد صحیح بین ۰ و ${formatNumberFa(MAX_FEE_FIXED_IRR / 10)} وارد کنید`,
} as const

export const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

/** A whole number within one of PAYMENT_TYPE_BOUNDS, refused with `message`. */
export const bounded = (bounds: { min: number; max: number }, message: string) =>
  int(message, bounds.min, bounds.max)

/** A payment type's minimum order may not be above its maximum (checked after a patch merges). */
export const limitsInOrder = (limits: { min_amount: number; max_amount: number }) =>
  limits.min_amount <= limits.max_amount

const { fee_bps, fee_fixed_irr, amount } = PAYMENT_TYPE_BOUNDS

export const PaymentTypePatch = z.object({
  fee_bps: bounded(fee_bps, PAYMENT_TYPE_MESSAGES.feeBps).optional(),
  fee_fixed_irr: bounded(fee_fixed_irr, PAYMENT_TYPE_MESSAGES.feeFixed).optional(),
  min_amount: bounded(amount, PAYMENT_TYPE_MESSAGES.amount).optional(),
  max_amount: bounded(amount, PAYMENT_TYPE_MESSAGES.amount).optional(),
  note: z
    .string()
    .trim()
    .max(500)
    .refine((value) => !hasForbiddenCharacters(value, true), INVALID_CHARACTERS_MESSAGE)
    .nullish(),
})

export const CodeParams = z.object({
  code: z.enum(PAYMENT_TYPE_CODES, { error: PAYMENT_TYPE_MESSAGES.notFound }),
})
