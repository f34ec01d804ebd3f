import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '@arzpol/contracts/catalog/currencies'
import { PAYMENT_TYPE_CODES } from '@arzpol/contracts/catalog/payment-types'
import { createQuoteSigner, quoteSignerFromConfig, type QuoteClaims } from './quote-token.ts'

const NOW = new Date('2026-11-25T10:00:00Z')
const signer = createQuoteSigner(randomBytes(32))

const money = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })
const claimsArb: fc.Arbitrary<QuoteClaims> = fc.record({
  amountMinor: fc.integer({ min: 1, max: 1e12 }),
  currency: fc.constantFrom(...CURRENCIES),
  paymentType: fc.constantFrom(...PAYMENT_TYPE_CODES),
  rateIrr: fc.integer({ min: 1, max: 1e12 }),
  subtotalIrr: money,
  feeIrr: money,
  amountIrr: money,
  expiresAt: fc
    .integer({ min: NOW.getTime() + 1, max: NOW.getTime() + 86_400_000 })
    .map((ms) => new Date(ms)),
  basis: fc.record({
    rateVersion: fc.nat(),
    typeVersion: fc.nat(),
    issuedAt: fc
      .integer({ min: NOW.getTime() - 86_400_000, max: NOW.getTime() })
      .map((ms) => new Date(ms)),
  }),
})

const expectedOf = (claims: QuoteClaims, now = NOW) => ({
  amountMinor: claims.amountMinor,
  currency: claims.currency,
  paymentType: claims.paymentType,
  now,
})

describe('quote_token', () => {
  it('round trip: every signed quote verifies to the same figures until it expires', () => {
    fc.assert(
      fc.property(claimsArb, (claims) => {
        const token = signer.sign(claims)
        expect(token.length).toBeLessThanOrEqual(512)
        expect(signer.verify(token, expectedOf(claims))).toEqual({ ok: true, claims })
        expect(signer.verify(token, expectedOf(claims, claims.expiresAt))).toEqual({
          ok: false,
          reason: 'expired',
        })
      }),
    )
  })

  it('any change to the payload or the signature is refused', () => {
    fc.assert(
      fc.property(
        claimsArb,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.boolean(),
        (claims, at, xor, inPayload) => {
          const token = signer.sign(claims)
          const [version, payload, mac] = token.split('.') as [string, string, string]
          const target = Buffer.from(inPayload ? payload : mac, 'base64url')
          const index = at % target.length
          target[index] = target[index]! ^ xor
          const changed = target.toString('base64url')
          const forged = inPayload
            ? `${version}.${changed}.${mac}`
            : `${version}.${payload}.${changed}`
          const result = signer.verify(forged, expectedOf(claims))
          expect(result.ok).toBe(false)
        },
      ),
    )
  })

  it('refuses a token for another amount, currency or type, and one signed with another key', () => {
    fc.assert(
      fc.property(claimsArb, fc.integer({ min: 1, max: 1e12 }), (claims, otherAmount) => {
        fc.pre(otherAmount !== claims.amountMinor)
        const token = signer.sign(claims)
        expect(signer.verify(token, { ...expectedOf(claims), amountMinor: otherAmount })).toEqual({
          ok: false,
          reason: 'mismatch',
        })
        expect(createQuoteSigner(randomBytes(32)).verify(token, expectedOf(claims))).toEqual({
          ok: false,
          reason: 'signature',
        })
      }),
    )
    const claims = fc.sample(claimsArb, { numRuns: 1, seed: 1 })[0]!
    const token = signer.sign(claims)
    const otherCurrency = CURRENCIES.find((currency) => currency !== claims.currency)!
    const otherType = PAYMENT_TYPE_CODES.find((type) => type !== claims.paymentType)!
    expect(signer.verify(token, { ...expectedOf(claims), currency: otherCurrency }).ok).toBe(false)
    expect(signer.verify(token, { ...expectedOf(claims), paymentType: otherType }).ok).toBe(false)
  })

  it('still honours a v1 token (made before the basis was signed), without a basis', () => {
    const key = randomBytes(32)
    const claims: QuoteClaims = {
      amountMinor: 5_000,
      currency: 'USD',
      paymentType: 'topup',
      rateIrr: 1_150_000,
      subtotalIrr: 57_500_000,
      feeIrr: 1_725_000,
      amountIrr: 59_225_000,
      expiresAt: new Date('2026-11-25T10:10:00Z'),
      basis: { rateVersion: 3, typeVersion: 7, issuedAt: NOW },
    }
    // The payload as v1 code wrote it, spelled out so that no change to today's encoder moves it:
    // amount, currency, type, rate, subtotal, fee, total and expiry (ms), joined by `|`.
    const payload = '5000|USD|topup|1150000|57500000|1725000|59225000|1795601400000'
    const mac = createHmac('sha256', key).update(`v1.${payload}`).digest('base64url')
    const token = `v1.${Buffer.from(payload).toString('base64url')}.${mac}`
    expect(createQuoteSigner(key).verify(token, expectedOf(claims))).toEqual({
      ok: true,
      claims: { ...claims, basis: null },
    })
    // A v2 payload under the v1 label is not a v1 token.
    const v2 = createQuoteSigner(key).sign(claims).split('.')
    const relabelled = createHmac('sha256', key)
      .update(`v1.${Buffer.from(v2[1]!, 'base64url').toString()}`)
      .digest('base64url')
    expect(createQuoteSigner(key).verify(`v1.${v2[1]}.${relabelled}`, expectedOf(claims))).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })

  it('refuses garbage without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        expect(signer.verify(text, expectedOf(fc.sample(claimsArb, 1)[0]!)).ok).toBe(false)
      }),
    )
    expect(
      signer.verify(`v1.${'A'.repeat(600)}.x`, expectedOf(fc.sample(claimsArb, 1)[0]!)),
    ).toEqual({ ok: false, reason: 'malformed' })
  })

  it('takes QUOTE_SIGNING_KEY, or (outside production) derives a stable key from the JWT key', () => {
    const claims = fc.sample(claimsArb, 1)[0]!
    const { privateKey } = generateKeyPairSync('ed25519')
    const dev = { APP_ENV: 'development' as const, JWT_PRIVATE_KEY: privateKey }
    const token = quoteSignerFromConfig(dev).sign(claims)
    expect(quoteSignerFromConfig(dev).verify(token, expectedOf(claims)).ok).toBe(true)
    const key = randomBytes(32).toString('base64')
    const configured = quoteSignerFromConfig({ ...dev, QUOTE_SIGNING_KEY: key })
    expect(configured.verify(token, expectedOf(claims)).ok).toBe(false)
    expect(
      quoteSignerFromConfig({ ...dev, QUOTE_SIGNING_KEY: key }).verify(
        configured.sign(claims),
        expectedOf(claims),
      ).ok,
    ).toBe(true)
    expect(() => quoteSignerFromConfig({ ...dev, APP_ENV: 'production' })).toThrow(
      /QUOTE_SIGNING_KEY/,
    )
  })
})
