/**
 * The order vocabulary that payments-service validates and web offers (spec §3, §5, §9), in
 * one place so the two sides cannot drift apart.
 */

/** The eight payment types of spec §3, in the spec's order. */
export const PAYMENT_TYPE_CODES = [
  'topup',
  'exams',
  'payout',
  'subscriptions',
  'visa',
  'cloud',
  'domain',
  'ads',
] as const
export type PaymentTypeCode = (typeof PAYMENT_TYPE_CODES)[number]

/** Spec §5/§9: these types need the customer's site username and password. */
export const CREDENTIAL_PAYMENT_TYPES: readonly PaymentTypeCode[] = [
  'topup',
  'subscriptions',
  'cloud',
  'ads',
]

/** Spec §5: the currencies of a new request (the pages also mention TRY and AED rates). */
export const ORDER_CURRENCIES = ['USD', 'EUR', 'GBP'] as const
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number]

/**
 * The order life cycle of architecture.md: `stage` is the fine state of an order.
 * `awaiting_payout_details`: a cash-out submitted without its Sheba or income documents (ADR 017).
 */
export const ORDER_STAGES = [
  'awaiting_payment',
  'awaiting_payout_details',
  'paid',
  'in_progress',
  'done',
  'payment_failed',
  'expired',
  'rejected',
  'cancelled',
  'refunded',
] as const
export type OrderStage = (typeof ORDER_STAGES)[number]

/** Spec §4: the four statuses a customer sees, each derived from the stage. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const
export type OrderStatusCode = (typeof ORDER_STATUSES)[number]
