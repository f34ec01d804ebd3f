import {
  ORDER_CURRENCIES,
  ORDER_STAGES,
  ORDER_STATUSES,
  PAYMENT_TYPE_CODES,
  type RevealedCredentials,
  type SettleRefundRequest,
  type StaffOrderDetail,
  type StaffOrderSummary,
  type StaffTransitionRequest,
} from '@arzpol/contracts'
import { z } from 'zod'
import { page, queryString, userRef } from '~/features/api/list-shapes.server.ts'
import { call, stream } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's staff calls for orders, through the one client with the staff
 * member's access token. Every answer is checked with zod and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

const stage = z.enum(ORDER_STAGES)
const status = z.enum(ORDER_STATUSES)
const paymentType = z.enum(PAYMENT_TYPE_CODES)
const currency = z.enum(ORDER_CURRENCIES)
const customerRef = z.object({ id: z.number(), phone: z.string(), username: z.string() })

const orderSummaryFields = {
  id: z.number(),
  status,
  stage,
  payment_type: paymentType,
  site_url: z.string(),
  amount: z.string(),
  currency,
  amount_irr: z.number(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}

export const orderSummarySchema: z.ZodType<StaffOrderSummary> = z.object({
  ...orderSummaryFields,
  customer: customerRef,
})

const orderDetailSchema: z.ZodType<StaffOrderDetail> = z.object({
  ...orderSummaryFields,
  customer: customerRef.extend({ email: z.string().nullable(), blocked: z.boolean() }),
  site_username: z.string().nullable(),
  subtotal_irr: z.number(),
  fee_irr: z.number(),
  rate_irr: z.number(),
  rate_locked_until: z.string(),
  description: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
  sheba: z.string().nullable(),
  has_credentials: z.boolean(),
  credentials_wiped_at: z.string().nullable(),
  documents: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      content_type: z.string(),
      size: z.number(),
      created_at: z.string(),
      download_url: z.string(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.number(),
      from_stage: stage.nullable(),
      to_stage: stage,
      reason: z.string(),
      actor: z.enum(['customer', 'staff', 'gateway', 'system']),
      actor_user: userRef.nullable(),
      note: z.string().nullable(),
      internal_note: z.string().nullable(),
      reference: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number(),
      amount_irr: z.number(),
      method: z.enum(['gateway_reverse', 'manual']),
      status: z.enum(['requested', 'done', 'pending', 'refused']),
      reference: z.string().nullable(),
      created_at: z.string(),
      settled_at: z.string().nullable(),
    }),
  ),
  gateway_attempts: z.array(
    z.object({
      id: z.number(),
      res_num: z.string(),
      status: z.string(),
      amount_irr: z.number(),
      ref_num: z.string().nullable(),
      masked_pan: z.string().nullable(),
      verified_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  actions: z.array(
    z.object({
      to: z.enum(['in_progress', 'done', 'rejected', 'refunded', 'cancelled']),
      label: z.string(),
      note_required: z.boolean(),
      reference_required: z.boolean(),
      result_stage: stage,
    }),
  ),
})

export interface OrderQuery {
  stage?: string
  payment_type?: string
  from?: string
  to?: string
  phone?: string
  sort?: 'oldest' | 'newest'
  limit?: number
  offset?: number
}

export const listOrders = (request: Request, token: string, query: OrderQuery) =>
  call(request, `/api/staff/orders/${queryString(query)}`, {
    method: 'GET',
    token,
    schema: page(orderSummarySchema),
  })

export const getOrder = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/orders/${id}/`, { method: 'GET', token, schema: orderDetailSchema })

export function transitionOrder(
  request: Request,
  token: string,
  id: number,
  body: StaffTransitionRequest,
) {
  return call(request, `/api/payments/${id}/transition/`, {
    method: 'POST',
    token,
    body,
    schema: orderDetailSchema,
  })
}

const revealedSchema: z.ZodType<RevealedCredentials> = z.object({
  site_username: z.string().nullable(),
  site_password: z.string(),
  revealed_at: z.string(),
})

export const revealCredentials = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/orders/${id}/reveal-credentials/`, {
    method: 'POST',
    token,
    schema: revealedSchema,
  })

export function settleRefund(
  request: Request,
  token: string,
  refundId: number,
  body: SettleRefundRequest,
) {
  return call(request, `/api/staff/refunds/${refundId}/settle/`, {
    method: 'POST',
    token,
    body,
    schema: null,
  })
}

/** An order document's download answer, to be streamed on to the browser. */
export const fetchOrderDocument = (request: Request, token: string, downloadUrl: string) =>
  stream(request, downloadUrl, { token })

/** The day's reconciliation (bank verified against the ledger) as CSV, to be streamed on. */
export const fetchReconciliationCsv = (request: Request, token: string, day: string) =>
  stream(request, `/api/staff/reconciliation/csv/?day=${encodeURIComponent(day)}`, { token })
