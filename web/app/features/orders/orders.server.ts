import { z } from 'zod'
import { DEFAULT_PAYMENT_TYPES, type PaymentTypeOption } from './orders.ts'
import { call, type PaymentsResult } from '~/features/api/payments-client.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import {
  paymentTypeSchema,
  orderSchema,
  orderWithMissingSchema,
  orderDetailSchema,
  startSchema,
  rateSchema,
  dailyRatesSchema,
  type Order,
  type OrderDetail,
  type DailyRate,
} from './order-schemas.ts'

/**
 * payments-service's order, quote and rate calls (docs/product/api.md), server to server;
 * authenticated ones carry the customer's access token from the session cookie, which the browser
 * never sees.
 */

/** The options, or the default list when the call fails. */
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
    schema: orderWithMissingSchema,
  })
}

/** The customer's own account for a transfer of the order's money going back (ADR 038). */
export function setOrderRefundAccount(request: Request, token: string, id: number, sheba: string) {
  return call(request, `/api/payments/${id}/refund-account/`, {
    method: 'POST',
    token,
    body: { sheba },
    schema: null,
  })
}

/** The customer gives up an order still awaiting payment; a later state answers 409. */
export function cancelOrder(request: Request, token: string, id: number) {
  // The page is shown again from the order's own call: the answer's body is not needed.
  return call(request, `/api/payments/${id}/cancel/`, {
    method: 'POST',
    token,
    body: {},
    schema: null,
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
  body: { flow: string; sheba?: string | null; card_id?: number },
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
