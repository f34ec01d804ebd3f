import { toLatinDigits } from '@arzpol/contracts'
import { CURRENCIES, type Currency } from '../../db/column-values.ts'

/**
 * Money is integers, always. Rials are the unit of account (gateways take rials); foreign
 * amounts are kept in minor units (cents: every currency we sell has two decimals). The only
 * place a fraction appears is a conversion, and every conversion below names its rounding:
 *
 * - Charging a customer (they pay rials for foreign currency): the rial subtotal is rounded UP
 *   (`ceil(minor × rate / 100)`), so we never charge less than the rate says; the fee's
 *   percentage part is rounded UP too. The customer overpays by less than one rial per part.
 * - Paying a customer out (cash-out: they receive rials): the rial subtotal is rounded DOWN, the
 *   fee UP, so we never pay more than the rate says, again by less than one rial per part.
 *
 * All arithmetic runs on bigint, so no intermediate product loses precision; results are turned
 * back into numbers only after checking they are safe integers.
 */

/** The rate table's currencies (a column value set: db/column-values.ts). */
export { CURRENCIES, type Currency }

/** What a new request may be placed in (spec §5); the others are quoted and shown only. */
export { ORDER_CURRENCIES, type OrderCurrency } from '@arzpol/contracts'

/** Every currency above has two decimals (ISO 4217 exponent 2). */
export const MINOR_PER_UNIT = 100n
export const DECIMALS = 2

export const CURRENCY_NAMES_FA: Record<Currency, string> = {
  USD: 'دلار',
  EUR: 'یورو',
  GBP: 'پوند',
  TRY: 'لیر',
  AED: 'درهم',
}

export type Direction = 'charge' | 'payout'

/** Basis points (1/100 of a percent) of the rial subtotal, plus a fixed number of rials. */
export interface FeeSchedule {
  bps: number
  fixed_irr: number
}

export interface RialBreakdown {
  subtotal_irr: number
  fee_irr: number
  /** What the customer pays (charge) or receives (payout). */
  amount_irr: number
}

function toSafeNumber(value: bigint, what: string): number {
  const number = Number(value)
  if (!Number.isSafeInteger(number)) throw new RangeError(`${what} ${value} is out of range`)
  return number
}

function assertNonNegativeInteger(value: number | bigint, what: string): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be an integer, got ${value}`)
  }
  const big = BigInt(value)
  if (big < 0n) throw new RangeError(`${what} must not be negative, got ${value}`)
  return big
}

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}

/** ⌊a / b⌋ for a ≥ 0, b > 0 (bigint division already truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  return a / b
}

const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,2}))?$/

/**
 * A customer-typed amount ("۵۰٫۵", "1,250.75", 50.5) → minor units, or null when it is not a
 * positive number with at most two decimals. Persian/Arabic digits, the Persian decimal
 * separator (٫) and group separators (, ٬ and spaces) are accepted.
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
  const fraction = BigInt((match[2] ?? '').padEnd(DECIMALS, '0'))
  const minor = whole * MINOR_PER_UNIT + fraction
  return minor > 0n ? minor : null
}

/** 5050 → "50.50": exact, no float ever involved. */
export function formatMinor(minor: number | bigint): string {
  const value = assertNonNegativeInteger(minor, 'minor amount')
  const whole = value / MINOR_PER_UNIT
  const fraction = (value % MINOR_PER_UNIT).toString().padStart(DECIMALS, '0')
  return `${whole}.${fraction}`
}

/** Rials for a foreign amount at a rate, rounded against us never (see the header). */
export function convertToRials(
  amountMinor: number | bigint,
  rateIrr: number | bigint,
  direction: Direction,
): bigint {
  const minor = assertNonNegativeInteger(amountMinor, 'amount')
  const rate = assertNonNegativeInteger(rateIrr, 'rate')
  const exact = minor * rate
  return direction === 'charge' ? ceilDiv(exact, MINOR_PER_UNIT) : floorDiv(exact, MINOR_PER_UNIT)
}

/** Our fee on a rial subtotal: the percentage part rounded up, plus the fixed part. */
export function feeOn(subtotalIrr: bigint, schedule: FeeSchedule): bigint {
  const bps = assertNonNegativeInteger(schedule.bps, 'fee bps')
  const fixed = assertNonNegativeInteger(schedule.fixed_irr, 'fixed fee')
  return ceilDiv(subtotalIrr * bps, 10_000n) + fixed
}

/**
 * The full rial breakdown of an order. Charge: amount = subtotal + fee. Payout: amount =
 * subtotal − fee, never below zero.
 */
export function priceInRials(input: {
  amountMinor: number | bigint
  rateIrr: number | bigint
  fee: FeeSchedule
  direction: Direction
}): RialBreakdown {
  const subtotal = convertToRials(input.amountMinor, input.rateIrr, input.direction)
  const fee = feeOn(subtotal, input.fee)
  let amount: bigint
  if (input.direction === 'charge') {
    amount = subtotal + fee
  } else {
    amount = subtotal > fee ? subtotal - fee : 0n
  }
  return {
    subtotal_irr: toSafeNumber(subtotal, 'subtotal'),
    fee_irr: toSafeNumber(fee, 'fee'),
    amount_irr: toSafeNumber(amount, 'amount'),
  }
}
