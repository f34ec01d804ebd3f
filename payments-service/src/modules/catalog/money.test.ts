import { MAX_AMOUNT_UNITS, MAX_FEE_BPS, MAX_FEE_FIXED_IRR, MAX_RATE_IRR } from '@arzpol/contracts'
import { PAYMENT_TYPES } from '@arzpol/contracts/catalog/payment-types'
import type { FeeSchedule } from '@arzpol/contracts/catalog/currencies'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ceilDiv, convertToRials, feeOn, priceInRials } from './money.ts'

const minor = fc.bigInt({ min: 1n, max: 10_000_000n }) // up to 100,000.00 units
const rate = fc.bigInt({ min: 1n, max: 50_000_000n }) // rials per unit
const schedule = fc.record({
  bps: fc.integer({ min: 0, max: 5_000 }),
  fixed_irr: fc.integer({ min: 0, max: 5_000_000 }),
})

// The amount parser and formatMinor are the contracts' and tested there (amount.test.ts).
describe('conversion rounding (explicit and never against us)', () => {
  it('charges ⌈minor × rate / 100⌉ and pays out ⌊minor × rate / 100⌋', () => {
    // 0.01 USD at 1,150,001 rials: 11,500.01 rials exactly.
    expect(convertToRials(1n, 1_150_001n, 'charge')).toBe(11_501n)
    expect(convertToRials(1n, 1_150_001n, 'payout')).toBe(11_500n)
    // Exact products are not rounded at all.
    expect(convertToRials(5000n, 1_150_000n, 'charge')).toBe(57_500_000n)
    expect(convertToRials(5000n, 1_150_000n, 'payout')).toBe(57_500_000n)
  })

  it('charge: never below the exact value and less than one rial above it', () => {
    fc.assert(
      fc.property(minor, rate, (m, r) => {
        const rials = convertToRials(m, r, 'charge')
        expect(rials * 100n).toBeGreaterThanOrEqual(m * r)
        expect((rials - 1n) * 100n).toBeLessThan(m * r)
      }),
    )
  })

  it('payout: never above the exact value and less than one rial below it', () => {
    fc.assert(
      fc.property(minor, rate, (m, r) => {
        const rials = convertToRials(m, r, 'payout')
        expect(rials * 100n).toBeLessThanOrEqual(m * r)
        expect((rials + 1n) * 100n).toBeGreaterThan(m * r)
      }),
    )
  })

  it('no leak when an amount is split: two halves cost at most one rial more than the whole', () => {
    fc.assert(
      fc.property(minor, minor, rate, (a, b, r) => {
        const whole = convertToRials(a + b, r, 'charge')
        const parts = convertToRials(a, r, 'charge') + convertToRials(b, r, 'charge')
        expect(parts - whole).toBeGreaterThanOrEqual(0n)
        expect(parts - whole).toBeLessThanOrEqual(1n)
      }),
    )
  })

  it('is monotonic: more currency never costs fewer rials', () => {
    fc.assert(
      fc.property(minor, minor, rate, (a, b, r) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        expect(convertToRials(low, r, 'charge')).toBeLessThanOrEqual(
          convertToRials(high, r, 'charge'),
        )
      }),
    )
  })

  it('refuses fractions and negatives instead of guessing', () => {
    expect(() => convertToRials(1.5, 100, 'charge')).toThrow(RangeError)
    expect(() => convertToRials(-1, 100, 'charge')).toThrow(RangeError)
    expect(() => convertToRials(1, 0.5, 'charge')).toThrow(RangeError)
  })
})

describe('fees and totals', () => {
  it('fee = ⌈subtotal × bps / 10000⌉ + fixed', () => {
    expect(feeOn(57_500_000n, { bps: 300, fixed_irr: 0 })).toBe(1_725_000n)
    expect(feeOn(10_001n, { bps: 100, fixed_irr: 5 })).toBe(101n + 5n) // 100.01 → 101
    expect(feeOn(0n, { bps: 300, fixed_irr: 7 })).toBe(7n)
    expect(() => feeOn(1n, { bps: 1.5, fixed_irr: 0 })).toThrow(RangeError)
  })

  it('charge total is subtotal + fee exactly, with the fee within one rial of exact', () => {
    fc.assert(
      fc.property(minor, rate, schedule, (m, r, fee: FeeSchedule) => {
        const price = priceInRials({ amountMinor: m, rateIrr: r, fee, direction: 'charge' })
        for (const value of Object.values(price)) expect(Number.isSafeInteger(value)).toBe(true)
        expect(price.amount_irr).toBe(price.subtotal_irr + price.fee_irr)
        const exactPercent = BigInt(price.subtotal_irr) * BigInt(fee.bps)
        const percent = BigInt(price.fee_irr - fee.fixed_irr)
        expect(percent * 10_000n).toBeGreaterThanOrEqual(exactPercent)
        expect((percent - 1n) * 10_000n).toBeLessThan(exactPercent)
      }),
    )
  })

  it('payout total is subtotal − fee, never negative', () => {
    fc.assert(
      fc.property(minor, rate, schedule, (m, r, fee) => {
        const price = priceInRials({ amountMinor: m, rateIrr: r, fee, direction: 'payout' })
        expect(price.amount_irr).toBe(Math.max(0, price.subtotal_irr - price.fee_irr))
        expect(price.amount_irr).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('a worked example for every type at 50 USD, 1,150,000 rials', () => {
    const table = Object.fromEntries(
      PAYMENT_TYPES.map((type) => [
        type.value,
        priceInRials({
          amountMinor: 5000,
          rateIrr: 1_150_000,
          fee: type.fee,
          direction: type.direction,
        }).amount_irr,
      ]),
    )
    expect(table).toEqual({
      topup: 59_225_000, // 57,500,000 + 3%
      exams: 59_150_000, // + 2% + 500,000
      payout: 56_062_500, // 57,500,000 − 2.5%
      subscriptions: 60_000_000, // + 4% + 200,000
      visa: 60_225_000, // + 3% + 1,000,000
      cloud: 59_800_000, // + 4%
      domain: 60_000_000, // + 4% + 200,000
      ads: 60_375_000, // + 5%
    })
  })

  it('ceilDiv is the ceiling', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (a, b) => {
          const q = ceilDiv(a, b)
          expect(q * b).toBeGreaterThanOrEqual(a)
          expect((q - 1n) * b).toBeLessThan(a)
        },
      ),
    )
  })
})

describe('the bounds of pricing (MAX_AMOUNT_UNITS and friends, @arzpol/contracts)', () => {
  it('the largest amount at the largest rate and fees stays a safe integer, both ways', () => {
    const fee = { bps: MAX_FEE_BPS, fixed_irr: MAX_FEE_FIXED_IRR }
    for (const direction of ['charge', 'payout'] as const) {
      const price = priceInRials({
        amountMinor: BigInt(MAX_AMOUNT_UNITS) * 100n,
        rateIrr: MAX_RATE_IRR,
        fee,
        direction,
      })
      for (const value of Object.values(price)) expect(Number.isSafeInteger(value)).toBe(true)
    }
    // With a margin: six times the bounded worst case would still fit.
    const worst = priceInRials({
      amountMinor: BigInt(MAX_AMOUNT_UNITS) * 100n,
      rateIrr: MAX_RATE_IRR,
      fee,
      direction: 'charge',
    })
    expect(worst.amount_irr * 6).toBeLessThan(Number.MAX_SAFE_INTEGER)
  })

  it('every payment type limit is within the bound', () => {
    for (const type of PAYMENT_TYPES) expect(type.max_amount).toBeLessThanOrEqual(MAX_AMOUNT_UNITS)
  })
})
