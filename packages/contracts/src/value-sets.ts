/**
 * The value sets of enum-like columns, in a file of plain constants: models type their fields
 * with them and request schemas validate with them, neither importing the other.
 */

/** The currencies a rate is kept for (orders take a subset: ORDER_CURRENCIES). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'TRY', 'AED'] as const
export type Currency = (typeof CURRENCIES)[number]

export const OTP_PURPOSES = ['register', 'reset'] as const
export type OtpPurpose = (typeof OTP_PURPOSES)[number]

export const ROLES = ['customer', 'support', 'admin'] as const
export type Role = (typeof ROLES)[number]
