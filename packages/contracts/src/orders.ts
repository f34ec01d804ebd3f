/**
 * The order vocabulary that payments-service validates and web offers (docs/product/orders.md),
 * in one place so the two sides cannot drift apart.
 */

/** The eight payment types, in the order the product lists them. */
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

/** These types need the customer's site username and password. */
export const CREDENTIAL_PAYMENT_TYPES: readonly PaymentTypeCode[] = [
  'topup',
  'subscriptions',
  'cloud',
  'ads',
]

/** The currencies of a new request (the pages also mention TRY and AED rates). */
export const ORDER_CURRENCIES = ['USD', 'EUR', 'GBP'] as const
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number]

/**
 * The order life cycle: `stage` is the fine state of an order (payments-service's
 * modules/orders/state-machine.ts holds the moves between them, docs/product/orders.md the
 * status each one shows). `awaiting_payout_details`: a cash-out submitted without its Sheba or
 * income documents (ADR 017).
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

/** The four statuses a customer sees, each derived from the stage. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const
export type OrderStatusCode = (typeof ORDER_STATUSES)[number]
