import { z } from 'zod'
import { DEFAULT_PAYMENT_TYPES, type PaymentTypeOption } from './orders.ts'
import { call, type PaymentsResult } from '~/features/api/payments-client.server.ts'
import { getLogger } from '~/utils/logger.server.ts'

/**
 * payments-service's order, quote and rate calls (spec §7), server to server; authenticated ones
 * carry the customer's access token from the session cookie, which the browser never sees.
 */

const paymentTypeSchema = z.object({
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

const eventSchema = z.object({
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
const moneyBackSchema = z.object({
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

const orderDetailSchema = orderSchema.extend({
  /** A cash-out not yet with staff: what it still needs (`sheba`, `income_documents`). */
  missing: z.array(z.string()).default([]),
  events: z.array(eventSchema).default([]),
  money_back: z.array(moneyBackSchema).default([]),
})
export type OrderDetail = z.output<typeof orderDetailSchema>

const startSchema = z.object({ gateway_url: z.string().nullable(), token: z.string().nullable() })
export type StartAnswer = z.output<typeof startSchema>

const rateSchema = z.object({
  currency: z.string(),
  buy_rate_irr: z.number(),
  updated_at: z.string(),
})

const dailyRatesSchema = z.array(z.object({ date: z.string(), buy_rate_irr: z.number() }))
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

/** Spec §7: the options, or the default list when the call fails. */
export async function getPaymentTypes(request: Request): Promise<PaymentTypeOption[]> {
  const result = await call(request, '/api/payment-types/', {
    method: 'GET',
    schema: z.array(paymentTypeSchema),
  })
  if (result.ok && result.data.length > 0) return result.data
  getLogger().warn({ status: result.status }, 'payment types unavailable; using the default list')
  return [...DEFAULT_PAYMENT_TYPES]
}

export function getUsdRate(request: Request) {
  return call(request, '/api/rates/USD/', { method: 'GET', schema: rateSchema })
}

/** The last `days` daily USD rates (oldest first), or null when the call is not available. */
export async function getDailyUsdRates(request: Request, days = 30): Promise<DailyRate[] | null> {
  const result = await call(request, `/api/rates/USD/daily/?days=${days}`, {
    method: 'GET',
    schema: dailyRatesSchema,
  })
  if (!result.ok) return null
  return [...result.data].sort((a, b) => a.date.localeCompare(b.date))
}

export function listOrders(request: Request, token: string): Promise<PaymentsResult<Order[]>> {
  return call(request, '/api/payments/', { method: 'GET', token, schema: z.array(orderSchema) })
}

export function getOrder(
  request: Request,
  token: string,
  id: number,
): Promise<PaymentsResult<OrderDetail>> {
  return call(request, `/api/payments/${id}/`, { method: 'GET', token, schema: orderDetailSchema })
}

/** ADR 017: the customer gives the Sheba of a cash-out that is not yet with staff. */
export function setOrderSheba(request: Request, token: string, id: number, sheba: string) {
  return call(request, `/api/payments/${id}/sheba/`, {
    method: 'POST',
    token,
    body: { sheba },
    schema: orderSchema.extend({ missing: z.array(z.string()).default([]) }),
  })
}

/** `idempotencyKey`: one per form submission, so a double submit answers the same order. */
export function createOrder(
  request: Request,
  token: string,
  body: unknown,
  idempotencyKey?: string,
) {
  return call(request, '/api/payments/create/', {
    method: 'POST',
    token,
    body,
    schema: orderSchema,
    ...(idempotencyKey && { headers: { 'Idempotency-Key': idempotencyKey } }),
  })
}

export function startOrder(
  request: Request,
  token: string,
  id: number,
  body: { flow: string; sheba?: string | null },
  idempotencyKey?: string,
) {
  return call(request, `/api/payments/${id}/start/`, {
    method: 'POST',
    token,
    body: { card_number: null, ...body },
    schema: startSchema,
    ...(idempotencyKey && { headers: { 'Idempotency-Key': idempotencyKey } }),
  })
}

/** The ticket count for the dashboard, or null when tickets cannot be read. */
export async function countTickets(
  request: Request,
  token: string,
): Promise<{ total: number; open: number } | null> {
  const result = await call(request, '/api/ticketing/tickets/', {
    method: 'GET',
    token,
    schema: z.union([
      z.array(z.object({ status: z.string() }).loose()),
      z.object({ results: z.array(z.object({ status: z.string() }).loose()) }).loose(),
    ]),
  })
  if (!result.ok) return null
  const tickets = Array.isArray(result.data) ? result.data : result.data.results
  return {
    total: tickets.length,
    open: tickets.filter((t) => t.status.toLowerCase() !== 'closed').length,
  }
}
