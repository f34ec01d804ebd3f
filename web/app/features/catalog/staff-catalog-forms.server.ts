import { toLatinDigits, MAX_RATE_IRR } from '@arzpol/contracts'
import {
  bounded,
  limitsInOrder,
  PAYMENT_TYPE_BOUNDS,
  PAYMENT_TYPE_MESSAGES,
} from '@arzpol/contracts/catalog/staff'
import { z } from 'zod'
import {
  FORM_MESSAGES,
  text,
  optionalText,
  parseWholeNumber,
  parseWith,
} from '~/features/staff/staff-forms.server.ts'

/** The back office's rate and payment type forms as the server checks them (see staff-forms.server.ts). */

// ---- rates --------------------------------------------------------------------------------

/** Rates are typed in toman (what people quote) and stored in rials, below MAX_RATE_IRR. */

export function rateSchema(currencies: readonly string[]) {
  return z
    .object({
      currency: text.pipe(
        z.string().refine((value) => currencies.includes(value), FORM_MESSAGES.currency),
      ),
      rate_toman: text.transform(parseWholeNumber).pipe(
        z
          .number({ error: FORM_MESSAGES.rate })
          .refine((value) => Number.isSafeInteger(value) && value > 0, FORM_MESSAGES.rate)
          .refine((value) => value * 10 <= MAX_RATE_IRR, FORM_MESSAGES.rateTooLarge),
      ),
      note: optionalText(500),
    })
    .transform((value) => ({
      currency: value.currency,
      buyRateIrr: value.rate_toman * 10,
      note: value.note,
    }))
}

export const parseRate = (formData: FormData, currencies: readonly string[]) =>
  parseWith(rateSchema(currencies), formData)

// ---- payment types ------------------------------------------------------------------------

/** "۱٫۵" or "1.5" percent → 150 basis points; NaN when it is not a number with two decimals. */
export function parsePercentToBasisPoints(input: string): number {
  const cleaned = toLatinDigits(input.trim()).replace(/[\u066B/]/g, '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN
  const [whole = '0', fraction = ''] = cleaned.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

const { fee_bps, fee_fixed_irr, amount } = PAYMENT_TYPE_BOUNDS
const orderLimit = text
  .transform(parseWholeNumber)
  .pipe(bounded(amount, PAYMENT_TYPE_MESSAGES.amount))

/**
 * The fee and limits form of one payment type (admin): fee in percent, fixed fee in toman, both
 * converted to the API's units and checked against the contracts' bounds (the service's rule).
 */
export const paymentTypeSchema = z
  .object({
    code: text.pipe(z.string().regex(/^[a-z_]{2,32}$/, FORM_MESSAGES.unknownAction)),
    fee_percent: text
      .transform(parsePercentToBasisPoints)
      .pipe(bounded(fee_bps, PAYMENT_TYPE_MESSAGES.feePercent)),
    fee_fixed_toman: text
      .transform((value) => parseWholeNumber(value) * 10)
      .pipe(bounded(fee_fixed_irr, PAYMENT_TYPE_MESSAGES.feeFixedToman)),
    min_amount: orderLimit,
    max_amount: orderLimit,
    note: optionalText(500),
  })
  .superRefine((value, ctx) => {
    if (!limitsInOrder(value)) {
      ctx.addIssue({ code: 'custom', path: ['min_amount'], message: PAYMENT_TYPE_MESSAGES.limits })
    }
  })
  .transform((value) => ({
    code: value.code,
    body: {
      fee_bps: value.fee_percent,
      fee_fixed_irr: value.fee_fixed_toman,
      min_amount: value.min_amount,
      max_amount: value.max_amount,
      note: value.note,
    },
  }))
