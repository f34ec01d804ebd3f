import { toLatinDigits, MAX_RATE_IRR } from '@arzpol/contracts'
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

/** "۱٫۵" or "1.5" percent → 150 basis points; NaN when it is not 0–100 with two decimals. */
export function parsePercentToBasisPoints(input: string): number {
  const cleaned = toLatinDigits(input.trim()).replace(/[\u066B/]/g, '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN
  const [whole = '0', fraction = ''] = cleaned.split('.')
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return bps <= 10_000 ? bps : Number.NaN
}

const MAX_FIXED_FEE_IRR = 10_000_000_000
const MAX_AMOUNT_UNITS = 10_000_000

/** The fee and limits form of one payment type (admin): fee in percent, fixed fee in toman. */
export const paymentTypeSchema = z
  .object({
    code: text.pipe(z.string().regex(/^[a-z_]{2,32}$/, FORM_MESSAGES.unknownAction)),
    fee_percent: text
      .transform(parsePercentToBasisPoints)
      .pipe(z.number({ error: FORM_MESSAGES.percent })),
    fee_fixed_toman: text
      .transform(parseWholeNumber)
      .pipe(
        z
          .number({ error: FORM_MESSAGES.toman })
          .refine(
            (v) => Number.isSafeInteger(v) && v * 10 <= MAX_FIXED_FEE_IRR,
            FORM_MESSAGES.toman,
          ),
      ),
    min_amount: text
      .transform(parseWholeNumber)
      .pipe(
        z
          .number({ error: FORM_MESSAGES.amount })
          .refine((v) => Number.isSafeInteger(v) && v <= MAX_AMOUNT_UNITS, FORM_MESSAGES.amount),
      ),
    max_amount: text
      .transform(parseWholeNumber)
      .pipe(
        z
          .number({ error: FORM_MESSAGES.amount })
          .refine((v) => Number.isSafeInteger(v) && v <= MAX_AMOUNT_UNITS, FORM_MESSAGES.amount),
      ),
    note: optionalText(500),
  })
  .superRefine((value, ctx) => {
    if (value.min_amount > value.max_amount) {
      ctx.addIssue({ code: 'custom', path: ['min_amount'], message: FORM_MESSAGES.minMax })
    }
  })
  .transform((value) => ({
    code: value.code,
    body: {
      fee_bps: value.fee_percent,
      fee_fixed_irr: value.fee_fixed_toman * 10,
      min_amount: value.min_amount,
      max_amount: value.max_amount,
      note: value.note,
    },
  }))
