import { PAYMENT_TYPE_CODES } from '../orders.ts'
import { z } from 'zod'
import { amountMinorSchema } from './amount.ts'
import { CURRENCIES } from './currencies.ts'

/** Request and response shapes of the catalog's public calls: rates, quotes, payment types. */

export const DAILY_DEFAULT_DAYS = 30
export const DAILY_MAX_DAYS = 365

export const CURRENCY_MESSAGE = 'ارز معتبر نیست'
export const currency = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .toUpperCase()
  .pipe(z.enum(CURRENCIES, { error: CURRENCY_MESSAGE }))

export const RateOut = z.object({
  currency: z.enum(CURRENCIES),
  buy_rate_irr: z.number().int().meta({ description: 'Rials per currency unit' }),
  updated_at: z.date(),
})

export const DAYS_MESSAGE = `تعداد روز باید عددی بین ۱ و ${DAILY_MAX_DAYS.toLocaleString('fa-IR')} باشد`
export const DailyQuery = z.object({
  days: z.coerce
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(DAILY_MAX_DAYS, DAYS_MESSAGE)
    .default(DAILY_DEFAULT_DAYS),
})

export const DailyRateOut = z.object({
  date: z.string().meta({ description: 'Tehran calendar day (Asia/Tehran), YYYY-MM-DD' }),
  buy_rate_irr: z.number().int().meta({ description: 'Rials per unit at the end of that day' }),
})

export const QuoteQuery = z.object({
  amount: amountMinorSchema,
  currency: currency.default('USD'),
  payment_type: z.enum(PAYMENT_TYPE_CODES, { error: 'نوع خدمت معتبر نیست' }).default('topup'),
})

export const QuoteOut = z.object({
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  payment_type: z.enum(PAYMENT_TYPE_CODES),
  rate_irr: z.number().int(),
  subtotal_irr: z.number().int(),
  fee_irr: z.number().int(),
  amount_irr: z
    .number()
    .int()
    .meta({ description: 'Total in rials (charge: subtotal + fee; payout: subtotal − fee)' }),
  expires_at: z.date().meta({ description: 'How long an order placed now keeps this rate' }),
  quote_token: z.string().meta({
    description:
      'Signed copy of this quote (HMAC-SHA-256; nothing stored). Sent with create, it locks this rate and fee until expires_at.',
  }),
})

export const CurrencyParams = z.object({ currency })

export const PaymentTypeOut = z.object({
  value: z.enum(PAYMENT_TYPE_CODES),
  label: z.string(),
  description: z.string(),
  needs_credentials: z.boolean(),
  direction: z
    .enum(['charge', 'payout'])
    .meta({ description: 'payout: the customer receives rials' }),
  fee_bps: z.number().int().meta({ description: 'Fee in basis points of the rial subtotal' }),
  fee_fixed_irr: z.number().int().meta({ description: 'Fixed fee in rials' }),
  min_amount: z.number().int().meta({ description: 'Whole currency units' }),
  max_amount: z.number().int(),
})

export const PaymentTypeList = z.array(PaymentTypeOut)
