import { toLatinDigits } from './digits.ts'

/**
 * Foreign amounts as customers type them and as the API carries them. They are kept in minor
 * units (cents: every currency we sell has two decimals), never as floats. The browser form,
 * web's server and payments-service read an amount with this one rule.
 */

/** The text for an amount that is missing, not a number, not > 0 or has > 2 decimals. */
export const INVALID_AMOUNT = 'مبلغ معتبر وارد کنید'

/** Every currency we sell has two decimals (ISO 4217 exponent 2). */
export const MINOR_PER_UNIT = 100n
export const AMOUNT_DECIMALS = 2

const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,2}))?$/

/**
 * A customer-typed amount ("۵۰٫۵", "1,250.75", 50.5) → minor units, or null when it is not a
 * positive number with at most two decimals. Persian/Arabic digits, the Persian decimal
 * separator (٫) and group separators (, ٬, spaces and ZWNJ) are accepted.
 */
export function parseAmountToMinor(input: unknown): bigint | null {
  let text: string
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null
    text = String(input)
  } else if (typeof input === 'string') {
    text = toLatinDigits(input)
      .trim()
      .replace(/[٫/]/g, '.')
      .replace(/[,٬\s\u200c]/g, '')
  } else {
    return null
  }
  const match = AMOUNT_PATTERN.exec(text)
  if (!match) return null
  const whole = BigInt(match[1] ?? '0')
  const fraction = BigInt((match[2] ?? '').padEnd(AMOUNT_DECIMALS, '0'))
  const minor = whole * MINOR_PER_UNIT + fraction
  return minor > 0n ? minor : null
}

/** 5050 → "50.50": the API's decimal string, exact, no float ever involved. */
export function formatMinor(minor: number | bigint): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new RangeError(`minor amounts are integers, got ${minor}`)
  }
  const value = BigInt(minor)
  if (value < 0n) throw new RangeError(`minor amounts are not negative, got ${minor}`)
  const whole = value / MINOR_PER_UNIT
  const fraction = (value % MINOR_PER_UNIT).toString().padStart(AMOUNT_DECIMALS, '0')
  return `${whole}.${fraction}`
}
