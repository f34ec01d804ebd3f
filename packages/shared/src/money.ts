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

/** "۱۲٬۳۴۵ تومان" from an amount in rials. */
export function formatToman(rials: number | bigint): string {
  return `${formatNumberFa(rialsToToman(rials))} تومان`
}

/** "۱۲۳٬۴۵۰ ریال" from an amount in rials. */
export function formatRial(rials: number | bigint): string {
  return `${formatNumberFa(assertIntegerRials(rials))} ریال`
}
