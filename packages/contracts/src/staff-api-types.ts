/**
 * The staff back office API of payments-service (ADR 009), as web's `/staff` pages see it.
 * Every call needs a staff access token (role `support` or `admin`; some `admin` only, marked
 * below): customers get 403, anonymous callers 401. Money is integer rials (web shows toman);
 * dates are ISO 8601 strings. The endpoint list is payments-service/docs/staff-api.md.
 *
 * Answers are the response schemas of payments-service (src/<noun>/staff.ts) as their JSON
 * arrives (`Wire`: dates as strings); request bodies and queries are written as web sends them.
 */

import type { z } from 'zod'
import type { PaymentTypeChangeOut, RateHistoryOut, StaffPaymentTypeOut } from './catalog/staff.ts'
import type {
  ActionOut,
  DashboardOut,
  OrderDetailOut,
  OrderSummaryOut,
  RefundOut,
  RevealedOut,
  StaffEventOut,
  StaffTarget,
} from './orders/staff.ts'
import type { PaymentTypeCode } from './orders.ts'
import type { StaffUserOut, UserDetailOut } from './users/staff.ts'
import type { Wire } from './wire.ts'

export type StaffRole = 'support' | 'admin'
export type UserRole = 'customer' | StaffRole

/** Paged lists: `?limit=` (1–200, default 50) and `?offset=`. */
export interface Page<T> {
  count: number
  results: T[]
}

export type StaffCustomerRef = StaffOrderSummary['customer']

// ---- dashboard ----------------------------------------------------------------------------

/** GET /api/staff/dashboard/ */
export type StaffDashboard = z.output<typeof DashboardOut>

// ---- orders -------------------------------------------------------------------------------

/** GET /api/staff/orders/ query (all optional). */
export interface StaffOrderQuery {
  /** One stage or several, comma-separated: `paid,in_progress`. */
  stage?: string
  payment_type?: PaymentTypeCode
  /** Created on or after this Tehran day (YYYY-MM-DD). */
  from?: string
  /** Created on or before this Tehran day (YYYY-MM-DD), inclusive. */
  to?: string
  /** Customer phone (exact, Persian digits accepted). */
  phone?: string
  /** `oldest` (queue order) or `newest` (default). */
  sort?: 'oldest' | 'newest'
  limit?: number
  offset?: number
}

/** GET /api/staff/orders/ rows. */
export type StaffOrderSummary = Wire<z.output<typeof OrderSummaryOut>>

/** What a staff member may do next with an order (computed by payments-service). */
export type StaffOrderAction = z.output<typeof ActionOut>

export type StaffOrderEvent = Wire<z.output<typeof StaffEventOut>>

export type StaffOrderDocument = StaffOrderDetail['documents'][number]

export type StaffRefund = Wire<z.output<typeof RefundOut>>

export type StaffGatewayAttempt = StaffOrderDetail['gateway_attempts'][number]

/** GET /api/staff/orders/{id}/; also the answer of a transition. */
export type StaffOrderDetail = Wire<z.output<typeof OrderDetailOut>>

export type StaffTransitionTarget = StaffTarget

/**
 * POST /api/payments/{id}/transition/ (staff). start work: `in_progress` (paid → in_progress);
 * complete: `done` (optional `reference` = receipt shown to the customer); settle a cash-out:
 * `done` on a payout order (`reference` required: the bank transfer reference); reject:
 * `rejected` (`note` required: the reason the customer reads; a paid gateway order is reversed
 * at the bank or gets a manual refund record, and becomes `refunded`); cancel an unpaid order:
 * `cancelled` (`note` required). 409 `illegal_transition` from a stage that does not allow it,
 * 400 `{"note": [...]}` / `{"reference": [...]}` when a required one is blank.
 * Answer: StaffOrderDetail.
 */
export interface StaffTransitionRequest {
  to: StaffTransitionTarget
  note?: string | null
  internal_note?: string | null
  reference?: string | null
  /** Optional machine word for the audit row (a-z0-9_); defaults from the action. */
  reason?: string
}

/** POST /api/staff/orders/{id}/reveal-credentials/ (audited). */
export type RevealedCredentials = Wire<z.output<typeof RevealedOut>>

/** POST /api/staff/refunds/{id}/settle/ body: a manual refund was paid. Answer: StaffRefund. */
export interface SettleRefundRequest {
  reference: string
  note?: string | null
}

// ---- payment types, fees and minimums ----------------------------------------------------

/** GET /api/staff/payment-types/ (staff); PATCH answers one. */
export type StaffPaymentType = Wire<z.output<typeof StaffPaymentTypeOut>>

/** PATCH /api/staff/payment-types/{code}/ (admin): any subset; min_amount ≤ max_amount. */
export interface PaymentTypeUpdate {
  fee_bps?: number
  fee_fixed_irr?: number
  min_amount?: number
  max_amount?: number
  note?: string | null
}

/** GET /api/staff/payment-types/{code}/history/ (staff): newest first. */
export type PaymentTypeChange = Wire<z.output<typeof PaymentTypeChangeOut>>

// ---- rates (existing calls) ----------------------------------------------------------------

/** GET /api/rates/{cur}/history/ (staff) rows; POST /api/rates/ (admin) answers one. */
export type RateHistoryEntry = Wire<z.output<typeof RateHistoryOut>>

/** POST /api/rates/ body (admin). */
export interface SetRateRequest {
  currency: string
  buy_rate_irr: number
  note?: string | null
}

// ---- users --------------------------------------------------------------------------------

export type StaffUser = Wire<z.output<typeof StaffUserOut>>

/** GET /api/staff/users/ query. */
export interface StaffUserQuery {
  /** Exact phone or its beginning (at least 4 digits); Persian digits accepted. */
  phone?: string
  role?: UserRole
  blocked?: boolean
  limit?: number
  offset?: number
}

export type StaffUserAuditEntry = StaffUserDetail['audit'][number]

export type StaffUserTicket = StaffUserDetail['tickets'][number]

/** GET /api/staff/users/{id}/: the account, its last 50 orders and tickets, and its audit. */
export type StaffUserDetail = Wire<z.output<typeof UserDetailOut>>

/** POST /api/staff/users/{id}/block/ body (`note` required: why). Answer: StaffUserDetail. */
export interface BlockUserRequest {
  note: string
}

/** POST /api/staff/users/{id}/unblock/ body. Answer: StaffUserDetail. */
export interface UnblockUserRequest {
  note?: string | null
}

/**
 * POST /api/staff/roles/grant-support/ and /revoke-support/ (admin), by phone. The account must
 * exist (404 otherwise); admins are changed only with the CLI (409 `role_locked`).
 * Answer: StaffUser.
 */
export interface SupportRoleRequest {
  phone: string
  note?: string | null
}
