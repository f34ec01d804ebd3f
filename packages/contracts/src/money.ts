/**
 * Money is integers. Rials are the unit of account everywhere (gateways take rials); customers
 * read toman (1 toman = 10 rials). Conversion and formatting live here and nowhere else, so a
 * future "new rial" display (the redenomination approved in 1404) is a change in one file.
 */

export const RIALS_PER_TOMAN = 10

const faNumber = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 })

function assertIntegerRials(rials: number | bigint): bigint {
  if (typeof rials === 'number' && !Number.isSafeInteger(rials)) {
    throw new RangeError(`rial amounts are integers, got ${rials}`)
  }
  return BigInt(rials)
}

/**
 * Whole toman in an amount of rials. A remainder below one toman is dropped (truncation
 * toward zero): it is display only, the stored rial amount stays exact.
 */
export function rialsToToman(rials: number | bigint): bigint {
  return assertIntegerRials(rials) / BigInt(RIALS_PER_TOMAN)
}

export function tomanToRials(toman: number | bigint): bigint {
  return assertIntegerRials(toman) * BigInt(RIALS_PER_TOMAN)
}

/** ۱۲٬۳۴۵ with Persian digits and the Persian group separator (U+066C). */
export function formatNumberFa(value: number | bigint): string {
  return faNumber.format(value)
}

/** A share as a Persian percentage: 0.03 → "۳٪", with at most `fractionDigits` decimals. */
export function formatPercentFa(share: number, fractionDigits = 1): string {
  return new Intl.NumberFormat('fa-IR', {
    style: 'percent',
    maximumFractionDigits: fractionDigits,
  }).format(share)
}

/** "۱۲٬۳۴۵ تومان" from an amount in rials. */
export function formatToman(rials: number | bigint): string {
  return `${formatNumberFa(rialsToToman(rials))} تومان`
}

/** "۱۲۳٬۴۵۰ ریال" from an amount in rials. */
export function formatRial(rials: number | bigint): string {
  return `${formatNumberFa(assertIntegerRials(rials))} ریال`
}

/**
 * The bounds of pricing, in one place. The largest amount anyone may ask a price for (quote,
 * order), the largest rate an admin may set and the largest fees. Together they keep every
 * rial figure below Number.MAX_SAFE_INTEGER: the worst case, 1,000,000 units × 1,000,000,000
 * rials = 10^15, plus a 50 % fee and 10^9 fixed, is about 1.5 × 10^15 < 9.007 × 10^15
 * (payments-service money.test.ts checks it through the pricing code itself).
 */
export const MAX_AMOUNT_UNITS = 1_000_000
export const MAX_RATE_IRR = 1_000_000_000
export const MAX_FEE_BPS = 5_000
export const MAX_FEE_FIXED_IRR = 1_000_000_000
