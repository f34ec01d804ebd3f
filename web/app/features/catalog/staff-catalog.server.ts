import { type PaymentTypeUpdate } from '@arzpol/contracts'
import { RateOut } from '@arzpol/contracts/catalog/customer'
import {
  PaymentTypeChangeOut,
  RateChangeNeedsConfirmation,
  RateHistoryOut,
  StaffPaymentTypeOut,
} from '@arzpol/contracts/catalog/staff'
import { wire, type Wire } from '@arzpol/contracts/wire'
import { z } from 'zod'
import { proposalAccepted } from '~/features/approvals/approvals.server.ts'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's staff calls for rates and payment types, through the one client with the staff
 * member's access token. Every answer is checked with the contract's schema and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

// Answers are parsed with payments-service's own response schemas, in their JSON form (wire).
const rates = wire(z.array(RateOut))
export type CurrentRate = Wire<z.output<typeof RateOut>>

const rateHistoryEntry = wire(RateHistoryOut)
export type RateHistoryEntry = Wire<z.output<typeof RateHistoryOut>>

export const listRates = (request: Request) =>
  call(request, '/api/rates/', { method: 'GET', schema: rates })

export const rateHistory = (request: Request, token: string, currency: string) =>
  call(request, `/api/rates/${encodeURIComponent(currency)}/history/`, {
    method: 'GET',
    token,
    schema: z.array(rateHistoryEntry),
  })

/** 409 from setRate: the change is larger than RATE_CHANGE_CONFIRM_PERCENT (ADR 013). */
export const rateChangeNeedsConfirmationSchema = RateChangeNeedsConfirmation

export function setRate(
  request: Request,
  token: string,
  body: { currency: string; buy_rate_irr: number; note: string | null; confirm?: boolean },
) {
  // A confirmed change beyond the limit is a proposal a second admin approves: 202 (ADR 039).
  return call(request, '/api/rates/', {
    method: 'POST',
    token,
    body,
    schema: rateHistoryEntry.or(proposalAccepted),
  })
}

// ---- payment types ------------------------------------------------------------------------

const staffPaymentType = wire(StaffPaymentTypeOut)
const paymentTypeChange = wire(PaymentTypeChangeOut)

export const listPaymentTypes = (request: Request, token: string) =>
  call(request, '/api/staff/payment-types/', {
    method: 'GET',
    token,
    schema: z.array(staffPaymentType),
  })

export const paymentTypeHistory = (request: Request, token: string, code: string) =>
  call(request, `/api/staff/payment-types/${encodeURIComponent(code)}/history/`, {
    method: 'GET',
    token,
    schema: z.array(paymentTypeChange),
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
    schema: staffPaymentType,
  })
