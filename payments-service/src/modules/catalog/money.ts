import { MINOR_PER_UNIT } from '@arzpol/contracts'
import type { Direction, FeeSchedule } from '@arzpol/contracts/catalog/currencies'

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
