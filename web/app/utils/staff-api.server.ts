import {
  ORDER_CURRENCIES,
  ORDER_STAGES,
  ORDER_STATUSES,
  PAYMENT_TYPE_CODES,
  type PaymentTypeChange,
  type PaymentTypeUpdate,
  type RevealedCredentials,
  type SettleRefundRequest,
  type StaffDashboard,
  type StaffOrderDetail,
  type StaffOrderSummary,
  type StaffPaymentType,
  type StaffTransitionRequest,
  type StaffUser,
  type StaffUserDetail,
} from '@arzpol/shared'
import { z } from 'zod'
import { messageSchema } from '~/features/tickets/tickets.server.ts'
import { getEnv } from './env.server.ts'
import { call } from '~/features/auth/auth-api.server.ts'
import { forwardedHeaders } from './request-meta.server.ts'

/**
 * payments-service's staff calls, server to server with the staff member's access token. Every
 * answer is checked with zod and comes back as a value (see `call`); payments-service checks the
 * role again on each call.
 */

// ---- tickets ------------------------------------------------------------------------------

const staffTicketSchema = z.object({
  id: z.number(),
  title: z.string(),
  subject: z.string().nullable().default(null),
  category: z.number(),
  category_name: z.string().default(''),
  status: z.string().transform((value) => (value.toLowerCase() === 'closed' ? 'closed' : 'open')),
  status_display: z.string().default(''),
  created_at: z.string(),
  updated_at: z.string(),
  customer: z.object({ id: z.number(), username: z.string(), phone: z.string() }),
  waiting_for_staff: z.boolean(),
  last_message_at: z.string(),
})
export type StaffTicket = z.output<typeof staffTicketSchema>

const staffTicketPageSchema = z.object({ count: z.number(), results: z.array(staffTicketSchema) })

export type StaffMessage = z.output<typeof messageSchema>

const preparedMessageSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  is_pinned: z.boolean(),
  pinned_at: z.string().nullable().default(null),
})
export type PreparedMessage = z.output<typeof preparedMessageSchema>

export interface TicketQuery {
  status?: 'open' | 'closed' | ''
  waitingForStaff?: boolean
  limit?: number
  offset?: number
}

export function listTickets(request: Request, token: string, query: TicketQuery = {}) {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.waitingForStaff) params.set('waiting_for_staff', 'true')
  params.set('limit', String(query.limit ?? 50))
  if (query.offset) params.set('offset', String(query.offset))
  return call(request, `/api/staff/tickets/?${params}`, {
    method: 'GET',
    token,
    schema: staffTicketPageSchema,
  })
}

export const getTicket = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/tickets/${id}/`, { method: 'GET', token, schema: staffTicketSchema })

export const listMessages = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/tickets/${id}/messages/`, {
    method: 'GET',
    token,
    schema: z.array(messageSchema),
  })

export function replyToTicket(
  request: Request,
  token: string,
  id: number,
  body: { content?: string; prepared_message?: number },
) {
  return call(request, `/api/staff/tickets/${id}/messages/`, {
    method: 'POST',
    token,
    body,
    schema: messageSchema,
  })
}

export const listPreparedMessages = (request: Request, token: string) =>
  call(request, '/api/staff/prepared-messages/', {
    method: 'GET',
    token,
    schema: z.array(preparedMessageSchema),
  })

// ---- rates ------------------------------------------------------------------------------

const rateSchema = z.object({
  currency: z.string(),
  buy_rate_irr: z.number(),
  updated_at: z.string(),
})
export type CurrentRate = z.output<typeof rateSchema>

const rateHistorySchema = z.object({
  id: z.number(),
  currency: z.string(),
  buy_rate_irr: z.number(),
  set_by_user_id: z.number().nullable(),
  set_by: z.object({ id: z.number(), username: z.string() }).nullable().default(null),
  note: z.string().nullable(),
  created_at: z.string(),
  /** The audit of the change (issue 15): the rate it replaced, its size, and a confirmation. */
  previous_buy_rate_irr: z.number().nullable().default(null),
  change_percent: z.number().nullable().default(null),
  change_confirmed: z.boolean().default(false),
})
export type RateHistoryEntry = z.output<typeof rateHistorySchema>

export const listRates = (request: Request) =>
  call(request, '/api/rates/', { method: 'GET', schema: z.array(rateSchema) })

export const rateHistory = (request: Request, token: string, currency: string) =>
  call(request, `/api/rates/${encodeURIComponent(currency)}/history/`, {
    method: 'GET',
    token,
    schema: z.array(rateHistorySchema),
  })

/** 409 from setRate: the change is larger than RATE_CHANGE_CONFIRM_PERCENT (issue 15). */
export const rateChangeNeedsConfirmationSchema = z.object({
  detail: z.string(),
  code: z.literal('rate_change_needs_confirmation'),
  current_rate_irr: z.number().nullable(),
  requested_rate_irr: z.number(),
  change_percent: z.number(),
})

export function setRate(
  request: Request,
  token: string,
  body: { currency: string; buy_rate_irr: number; note: string | null; confirm?: boolean },
) {
  return call(request, '/api/rates/', { method: 'POST', token, body, schema: rateHistorySchema })
}

// ---- dashboard ----------------------------------------------------------------------------

const dashboardSchema: z.ZodType<StaffDashboard> = z.object({
  orders_waiting: z.object({
    awaiting_payment: z.number(),
    paid: z.number(),
    in_progress: z.number(),
  }),
  tickets_waiting: z.number(),
  today_paid_irr: z.number(),
  today_paid_count: z.number(),
  day: z.string(),
})

export const getDashboard = (request: Request, token: string) =>
  call(request, '/api/staff/dashboard/', { method: 'GET', token, schema: dashboardSchema })

// ---- orders -------------------------------------------------------------------------------

const userRef = z.object({ id: z.number(), username: z.string() })
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

const orderSummarySchema: z.ZodType<StaffOrderSummary> = z.object({
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

const page = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), results: z.array(item) })

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

function queryString(query: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
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

/** The raw answer of a staff download (an order document), to be streamed to the browser. */
export async function fetchDownload(
  request: Request,
  token: string,
  path: string,
): Promise<Response | null> {
  try {
    return await fetch(getEnv().PAYMENTS_URL.replace(/\/+$/, '') + path, {
      headers: { Authorization: `Bearer ${token}`, ...forwardedHeaders(request) },
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    })
  } catch (error) {
    console.error(`web: payments-service download ${path} failed:`, error)
    return null
  }
}

// ---- payment types ------------------------------------------------------------------------

const limitsSchema = z.object({
  fee_bps: z.number(),
  fee_fixed_irr: z.number(),
  min_amount: z.number(),
  max_amount: z.number(),
})

const staffPaymentTypeSchema: z.ZodType<StaffPaymentType> = z.object({
  value: paymentType,
  label: z.string(),
  description: z.string(),
  needs_credentials: z.boolean(),
  direction: z.enum(['charge', 'payout']),
  fee_bps: z.number(),
  fee_fixed_irr: z.number(),
  min_amount: z.number(),
  max_amount: z.number(),
  updated_at: z.string(),
  updated_by: userRef.nullable(),
})

const paymentTypeChangeSchema: z.ZodType<PaymentTypeChange> = z.object({
  id: z.number(),
  payment_type: paymentType,
  old: limitsSchema,
  new: limitsSchema,
  changed_by: userRef.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
})

export const listPaymentTypes = (request: Request, token: string) =>
  call(request, '/api/staff/payment-types/', {
    method: 'GET',
    token,
    schema: z.array(staffPaymentTypeSchema),
  })

export const paymentTypeHistory = (request: Request, token: string, code: string) =>
  call(request, `/api/staff/payment-types/${encodeURIComponent(code)}/history/`, {
    method: 'GET',
    token,
    schema: z.array(paymentTypeChangeSchema),
  })

export const updatePaymentType = (
  request: Request,
  token: string,
  code: string,
  body: PaymentTypeUpdate,
) =>
  call(request, `/api/staff/payment-types/${encodeURIComponent(code)}/`, {
    method: 'PATCH',
    token,
    body,
    schema: staffPaymentTypeSchema,
  })

// ---- users --------------------------------------------------------------------------------

const role = z.enum(['customer', 'support', 'admin'])

const userFields = {
  id: z.number(),
  phone: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role,
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
}

const staffUserSchema: z.ZodType<StaffUser> = z.object(userFields)

const staffUserDetailSchema: z.ZodType<StaffUserDetail> = z.object({
  ...userFields,
  orders: z.array(orderSummarySchema),
  orders_count: z.number(),
  tickets: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      status: z.enum(['open', 'closed']),
      waiting_for_staff: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  tickets_count: z.number(),
  audit: z.array(
    z.object({
      id: z.number(),
      action: z.enum([
        'block',
        'unblock',
        'grant_support',
        'revoke_support',
        'second_factor_enrolled',
        'recovery_code_used',
      ]),
      actor: userRef.nullable(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
})

export const findUsers = (request: Request, token: string, phone: string) =>
  call(request, `/api/staff/users/${queryString({ phone, limit: 20 })}`, {
    method: 'GET',
    token,
    schema: page(staffUserSchema),
  })

export const getUser = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/users/${id}/`, { method: 'GET', token, schema: staffUserDetailSchema })

export const setBlocked = (
  request: Request,
  token: string,
  id: number,
  blocked: boolean,
  note: string | null,
) =>
  call(request, `/api/staff/users/${id}/${blocked ? 'block' : 'unblock'}/`, {
    method: 'POST',
    token,
    body: { note },
    schema: staffUserDetailSchema,
  })

export const setSupportRole = (
  request: Request,
  token: string,
  grant: boolean,
  body: { phone: string; note: string | null },
) =>
  call(request, `/api/staff/roles/${grant ? 'grant' : 'revoke'}-support/`, {
    method: 'POST',
    token,
    body,
    schema: staffUserSchema,
  })
