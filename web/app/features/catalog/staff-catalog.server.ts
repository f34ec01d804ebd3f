import {
  PAYMENT_TYPE_CODES,
  type PaymentTypeChange,
  type PaymentTypeUpdate,
  type StaffPaymentType,
} from '@arzpol/contracts'
import { z } from 'zod'
import { userRef } from '~/features/api/list-shapes.server.ts'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's staff calls for rates and payment types, through the one client with the staff
 * member's access token. Every answer is checked with zod and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

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

// ---- payment types ------------------------------------------------------------------------

const paymentType = z.enum(PAYMENT_TYPE_CODES)

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
