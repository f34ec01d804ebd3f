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
