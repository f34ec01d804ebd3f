import { z } from 'zod'

/**
 * The order answers of payments-service (spec §7) as web reads them: zod schemas checked at the
 * boundary, and the types the order pages and components render. No server code, so components
 * may take the types from here.
 */

export const paymentTypeSchema = z.object({
  value: z.string(),
  label: z.string(),
  description: z.string().default(''),
  needs_credentials: z.boolean().default(false),
  min_amount: z.number().optional(),
  max_amount: z.number().optional(),
})

export const orderSchema = z.object({
  id: z.number(),
  status: z.string(),
  stage: z.string().default(''),
  payment_type: z.string(),
  site_url: z.string(),
  site_username: z.string().nullable().default(null),
  amount: z.union([z.string(), z.number()]).transform(String),
  currency: z.string(),
  amount_irr: z.number(),
  subtotal_irr: z.number().default(0),
  fee_irr: z.number().default(0),
  rate_irr: z.number().default(0),
  rate_locked_until: z.string().nullable().default(null),
  description: z.string().nullable().default(null),
  meta: z.record(z.string(), z.unknown()).nullable().default(null),
  sheba: z.string().nullable().default(null),
  paid_at: z.string().nullable().default(null),
  created_at: z.string(),
})
export type Order = z.output<typeof orderSchema>

export const eventSchema = z.object({
  id: z.number(),
  from_stage: z.string().nullable(),
  to_stage: z.string(),
  reason: z.string().default(''),
  actor: z.string().default(''),
  /** What staff wrote for the customer (a reason, a receipt or transfer reference). */
  note: z.string().nullable().default(null),
  reference: z.string().nullable().default(null),
  created_at: z.string(),
})
export type OrderEvent = z.output<typeof eventSchema>

/** Where is my money (issue #15): a return of the order's money, or money held to return. */
export const moneyBackSchema = z.object({
  amount_irr: z.number(),
  status: z.enum(['held', 'requested', 'pending', 'done']),
  reason: z.string().nullable().default(null),
  /** The bank's tracking number of the transfer, once known. */
  reference: z.string().nullable().default(null),
  created_at: z.string(),
  expected_by: z.string().nullable().default(null),
  settled_at: z.string().nullable().default(null),
})
export type MoneyBack = z.output<typeof moneyBackSchema>

export const orderDetailSchema = orderSchema.extend({
  /** A cash-out not yet with staff: what it still needs (`sheba`, `income_documents`). */
  missing: z.array(z.string()).default([]),
  events: z.array(eventSchema).default([]),
  money_back: z.array(moneyBackSchema).default([]),
})
export type OrderDetail = z.output<typeof orderDetailSchema>

export const startSchema = z.object({
  gateway_url: z.string().nullable(),
  token: z.string().nullable(),
})
export type StartAnswer = z.output<typeof startSchema>

export const rateSchema = z.object({
  currency: z.string(),
  buy_rate_irr: z.number(),
  updated_at: z.string(),
})

export const dailyRatesSchema = z.array(z.object({ date: z.string(), buy_rate_irr: z.number() }))
export type DailyRate = z.output<typeof dailyRatesSchema>[number]

export const quoteExpiredSchema = z.object({
  detail: z.string(),
  code: z.literal('quote_expired'),
  amount_irr: z.number(),
  rate_irr: z.number(),
  fee_irr: z.number(),
  rate_locked_until: z.string(),
})

/** Issue 15: create refused the quote the form sent; `quote` is the new one, with its token. */
export const quoteChangedSchema = z.object({
  detail: z.string(),
  code: z.literal('quote_changed'),
  quote: z.object({
    amount: z.string(),
    currency: z.string(),
    payment_type: z.string(),
    rate_irr: z.number(),
    fee_irr: z.number(),
    amount_irr: z.number(),
    expires_at: z.string(),
    quote_token: z.string(),
  }),
})

export const documentSchema = z.object({
  id: z.number(),
  payment_id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
})
export type OrderDocument = z.output<typeof documentSchema>
