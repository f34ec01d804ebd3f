/**
 * The staff back office API of payments-service (issue #8), as web's `/staff` pages see it.
 * Every call needs a staff access token (role `support` or `admin`; some `admin` only, marked
 * below): customers get 403, anonymous callers 401. Money is integer rials (web shows toman);
 * dates are ISO 8601 strings. The endpoint list is payments-service/docs/staff-api.md.
 */

import type { OrderCurrency, OrderStage, OrderStatusCode, PaymentTypeCode } from './orders.ts'

export type StaffRole = 'support' | 'admin'
export type UserRole = 'customer' | StaffRole

/** Paged lists: `?limit=` (1–200, default 50) and `?offset=`. */
export interface Page<T> {
  count: number
  results: T[]
}

export interface StaffCustomerRef {
  id: number
  phone: string
  username: string
}

// ---- dashboard ----------------------------------------------------------------------------

/** GET /api/staff/dashboard/ */
export interface StaffDashboard {
  /** Open orders per stage (stages with none are 0). */
  orders_waiting: { awaiting_payment: number; paid: number; in_progress: number }
  /** Open tickets whose last message is the customer's. */
  tickets_waiting: number
  /** Sum of amount_irr of orders paid (bank-verified) today, Asia/Tehran day. Rials. */
  today_paid_irr: number
  today_paid_count: number
  /** The Tehran calendar day the figures are for, YYYY-MM-DD. */
  day: string
}

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

/** One row of the queue. */
export interface StaffOrderSummary {
  id: number
  status: OrderStatusCode
  stage: OrderStage
  payment_type: PaymentTypeCode
  site_url: string
  amount: string
  currency: OrderCurrency
  amount_irr: number
  customer: StaffCustomerRef
  paid_at: string | null
  created_at: string
  updated_at: string
}

/** What a staff action needs, so the page can show the right buttons and fields. */
export interface StaffOrderAction {
  /** Send as `to` of POST /api/payments/{id}/transition/. */
  to: StaffTransitionTarget
  /** Persian button label, e.g. «شروع انجام», «تکمیل سفارش», «رد سفارش», «تسویه». */
  label: string
  /** `note` must not be blank. */
  note_required: boolean
  /** `reference` must not be blank (cash-out settlement: the bank transfer reference). */
  reference_required: boolean
  /** The stage the order will have (a rejected paid order becomes `refunded`). */
  result_stage: OrderStage
}

export interface StaffOrderEvent {
  id: number
  from_stage: OrderStage | null
  /** For audit-only events (credentials revealed/wiped, refunds) from = to = the current stage. */
  to_stage: OrderStage
  /**
   * Machine word: created, gateway_verified, staff_start, staff_complete, staff_settle,
   * staff_reject, credentials_revealed, credentials_wiped, refund_settled, …
   */
  reason: string
  actor: 'customer' | 'staff' | 'gateway' | 'system'
  actor_user: { id: number; username: string } | null
  /** Shown to the customer too. */
  note: string | null
  /** Staff only. */
  internal_note: string | null
  /** Receipt / transfer reference; shown to the customer too. */
  reference: string | null
  created_at: string
}

export interface StaffOrderDocument {
  id: number
  name: string
  content_type: string
  size: number
  created_at: string
  /** GET with the staff token: the bytes (Content-Disposition: attachment). */
  download_url: string
}

export interface StaffRefund {
  id: number
  amount_irr: number
  /** gateway_reverse: the bank gave the money back at once; manual: staff must pay it. */
  method: 'gateway_reverse' | 'manual'
  status: 'requested' | 'done' | 'pending' | 'refused'
  reference: string | null
  created_at: string
  settled_at: string | null
}

export interface StaffGatewayAttempt {
  id: number
  res_num: string
  status: string
  amount_irr: number
  ref_num: string | null
  masked_pan: string | null
  verified_at: string | null
  created_at: string
}

/** GET /api/staff/orders/{id}/ and the answer of every staff transition. */
export interface StaffOrderDetail extends StaffOrderSummary {
  site_username: string | null
  subtotal_irr: number
  fee_irr: number
  /** The locked buy rate, rials per currency unit. */
  rate_irr: number
  rate_locked_until: string
  description: string | null
  meta: Record<string, unknown>
  sheba: string | null
  customer: StaffCustomerRef & { email: string | null; blocked: boolean }
  /** A site password is stored (sealed) and can be revealed. */
  has_credentials: boolean
  /** When the site password was wiped after the retention period (null: not wiped). */
  credentials_wiped_at: string | null
  documents: StaffOrderDocument[]
  /** Oldest first: the audit trail. */
  events: StaffOrderEvent[]
  refunds: StaffRefund[]
  gateway_attempts: StaffGatewayAttempt[]
  /** What staff may do now; empty for final stages. */
  actions: StaffOrderAction[]
}

export type StaffTransitionTarget = 'in_progress' | 'done' | 'rejected' | 'refunded' | 'cancelled'

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

/** POST /api/staff/orders/{id}/reveal-credentials/ (audited: an event names who and when). */
export interface RevealedCredentials {
  site_username: string | null
  site_password: string
  revealed_at: string
}

/** POST /api/staff/refunds/{id}/settle/ body: a manual refund was paid. Answer: StaffRefund. */
export interface SettleRefundRequest {
  reference: string
  note?: string | null
}

// ---- payment types, fees and minimums ----------------------------------------------------

/** GET /api/staff/payment-types/ (staff); PATCH answers one. */
export interface StaffPaymentType {
  value: PaymentTypeCode
  label: string
  description: string
  needs_credentials: boolean
  direction: 'charge' | 'payout'
  fee_bps: number
  fee_fixed_irr: number
  /** Whole currency units. */
  min_amount: number
  max_amount: number
  updated_at: string
  updated_by: { id: number; username: string } | null
}

/** PATCH /api/staff/payment-types/{code}/ (admin): any subset; min_amount ≤ max_amount. */
export interface PaymentTypeUpdate {
  fee_bps?: number
  fee_fixed_irr?: number
  min_amount?: number
  max_amount?: number
  note?: string | null
}

/** GET /api/staff/payment-types/{code}/history/ (staff): newest first. */
export interface PaymentTypeChange {
  id: number
  payment_type: PaymentTypeCode
  old: { fee_bps: number; fee_fixed_irr: number; min_amount: number; max_amount: number }
  new: { fee_bps: number; fee_fixed_irr: number; min_amount: number; max_amount: number }
  changed_by: { id: number; username: string } | null
  note: string | null
  created_at: string
}

// ---- rates (existing calls) ----------------------------------------------------------------

/** GET /api/rates/{cur}/history/ (staff) rows; POST /api/rates/ (admin) answers one. */
export interface RateHistoryEntry {
  id: number
  currency: string
  buy_rate_irr: number
  set_by_user_id: number | null
  set_by: { id: number; username: string } | null
  note: string | null
  created_at: string
}

/** POST /api/rates/ body (admin). */
export interface SetRateRequest {
  currency: string
  buy_rate_irr: number
  note?: string | null
}

// ---- users --------------------------------------------------------------------------------

export interface StaffUser {
  id: number
  phone: string
  username: string
  email: string | null
  role: UserRole
  blocked: boolean
  blocked_at: string | null
  created_at: string
  last_login_at: string | null
}

/** GET /api/staff/users/ query. */
export interface StaffUserQuery {
  /** Exact phone or its beginning (at least 4 digits); Persian digits accepted. */
  phone?: string
  role?: UserRole
  blocked?: boolean
  limit?: number
  offset?: number
}

export interface StaffUserAuditEntry {
  id: number
  action:
    | 'block'
    | 'unblock'
    | 'grant_support'
    | 'revoke_support'
    | 'second_factor_enrolled'
    | 'recovery_code_used'
  actor: { id: number; username: string } | null
  note: string | null
  created_at: string
}

export interface StaffUserTicket {
  id: number
  title: string
  status: 'open' | 'closed'
  waiting_for_staff: boolean
  created_at: string
  updated_at: string
}

/** GET /api/staff/users/{id}/: the account, its last 50 orders and tickets, and its audit. */
export interface StaffUserDetail extends StaffUser {
  orders: StaffOrderSummary[]
  orders_count: number
  tickets: StaffUserTicket[]
  tickets_count: number
  audit: StaffUserAuditEntry[]
}

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
