import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import type { AppConfig } from '../../config/env.ts'
import { keyFromSetting } from '../../lib/setting-key.ts'
import { CURRENCIES, type Currency } from '@arzpol/contracts/catalog/currencies'
import { PAYMENT_TYPE_CODES, type PaymentTypeCode } from '@arzpol/contracts/catalog/payment-types'
import type { QUOTE_TOKEN_REFUSALS } from '@arzpol/contracts/orders/customer'
import type { Quote, QuoteBasis } from './quote.ts'

/**
 * The quote the customer saw, signed (ADR 013). `GET /api/quote/` answers a
 * `quote_token`: an HMAC-SHA-256 over the amount (minor units), currency, payment type, rate,
 * the rial breakdown (subtotal, fee, total), the expiry, and what the quote was priced from (the
 * catalog versions of the rate and fee copies, and when: ADR 033). Nothing is stored per quote;
 * create checks the signature and prices the order with the signed figures while the token is
 * unexpired, unless it was priced from a copy already out of date (quote-staleness.ts).
 *
 * Format: `v2.<base64url payload>.<base64url mac>`, the payload being the fields joined by `|`.
 * `v1` tokens (made before the basis was signed: the same fields without the last three) are
 * still honoured as they were, until they expire, so quotes on screen during a deploy hold.
 */

export interface QuoteClaims {
  amountMinor: number
  currency: Currency
  paymentType: PaymentTypeCode
  rateIrr: number
  subtotalIrr: number
  feeIrr: number
  amountIrr: number
  expiresAt: Date
  /** What it was priced from; null for a `v1` token, which did not say. */
  basis: QuoteBasis | null
}

export type QuoteTokenCheck =
  { ok: true; claims: QuoteClaims } | { ok: false; reason: (typeof QUOTE_TOKEN_REFUSALS)[number] }

export interface QuoteSigner {
  sign(claims: QuoteClaims): string
  /** Signature, expiry (at `now`) and the order's amount, currency and type, in that order. */
  verify(
    token: string,
    expected: { amountMinor: number; currency: Currency; paymentType: PaymentTypeCode; now: Date },
  ): QuoteTokenCheck
}

const VERSION = 'v2'
/** Older formats still verified (never signed any more). */
const ACCEPTED = new Set(['v1', VERSION])
const MAX_TOKEN_LENGTH = 512

const safeInt = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text))
    ? Number(text)
    : null

function encode(claims: QuoteClaims): string {
  const { basis } = claims
  if (!basis) throw new Error('quote token: a new token carries its basis')
  return [
    claims.amountMinor,
    claims.currency,
    claims.paymentType,
    claims.rateIrr,
    claims.subtotalIrr,
    claims.feeIrr,
    claims.amountIrr,
    claims.expiresAt.getTime(),
    basis.rateVersion,
    basis.typeVersion,
    basis.issuedAt.getTime(),
  ].join('|')
}

function decode(version: string, payload: string): QuoteClaims | null {
  const parts = payload.split('|')
  if (parts.length !== (version === 'v1' ? 8 : 11)) return null
  const [amount, currency, type, rate, subtotal, fee, total, expires, ...rest] = parts
  const numbers = [amount, rate, subtotal, fee, total, expires, ...rest].map(safeInt)
  if (numbers.some((value) => value === null)) return null
  if (!CURRENCIES.includes(currency as Currency)) return null
  if (!PAYMENT_TYPE_CODES.includes(type as PaymentTypeCode)) return null
  const [amountMinor, rateIrr, subtotalIrr, feeIrr, amountIrr, expiresMs, ...basis] =
    numbers as number[]
  const [rateVersion, typeVersion, issuedMs] = basis
  return {
    amountMinor: amountMinor!,
    currency: currency as Currency,
    paymentType: type as PaymentTypeCode,
    rateIrr: rateIrr!,
    subtotalIrr: subtotalIrr!,
    feeIrr: feeIrr!,
    amountIrr: amountIrr!,
    expiresAt: new Date(expiresMs!),
    basis:
      version === 'v1'
        ? null
        : { rateVersion: rateVersion!, typeVersion: typeVersion!, issuedAt: new Date(issuedMs!) },
  }
}

export function createQuoteSigner(key: Buffer): QuoteSigner {
  if (key.length < 32) throw new Error('quote signing key: at least 32 bytes')
  const mac = (version: string, payload: string) =>
    createHmac('sha256', key).update(`${version}.${payload}`).digest()
  return {
    sign(claims) {
      const payload = encode(claims)
      return `${VERSION}.${Buffer.from(payload).toString('base64url')}.${mac(VERSION, payload).toString('base64url')}`
    },
    verify(token, expected) {
      if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' }
      const [version, body, signature, ...rest] = token.split('.')
      if (!version || !ACCEPTED.has(version) || !body || !signature || rest.length > 0)
        return { ok: false, reason: 'malformed' }
      const payload = Buffer.from(body, 'base64url').toString('utf8')
      const given = Buffer.from(signature, 'base64url')
      const wanted = mac(version, payload)
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
        return { ok: false, reason: 'signature' }
      const claims = decode(version, payload)
      if (!claims) return { ok: false, reason: 'malformed' }
      if (expected.now.getTime() >= claims.expiresAt.getTime())
        return { ok: false, reason: 'expired' }
      if (
        claims.amountMinor !== expected.amountMinor ||
        claims.currency !== expected.currency ||
        claims.paymentType !== expected.paymentType
      )
        return { ok: false, reason: 'mismatch' }
      return { ok: true, claims }
    },
  }
}

/** The claims of a quote for `amountMinor` (a Quote carries the amount only as text). */
export const claimsOf = (quote: Quote, amountMinor: number): QuoteClaims => ({
  amountMinor,
  currency: quote.currency,
  paymentType: quote.payment_type,
  rateIrr: quote.rate_irr,
  subtotalIrr: quote.subtotal_irr,
  feeIrr: quote.fee_irr,
  amountIrr: quote.amount_irr,
  expiresAt: quote.expires_at,
  basis: quote.basis,
})

/** The quote answer: the quote (without its basis, which only the token carries) and its token. */
export function signedQuote(signer: QuoteSigner, quote: Quote, amountMinor: number) {
  const { basis: _basis, ...answer } = quote
  return { ...answer, quote_token: signer.sign(claimsOf(quote, amountMinor)) }
}

/**
 * QUOTE_SIGNING_KEY, or (development and tests only; production refuses to start without one,
 * config/env.ts) a key derived from JWT_PRIVATE_KEY, so tokens survive a restart of a dev stack
 * (see keyFromSetting).
 */
export function quoteSignerFromConfig(
  config: Pick<AppConfig, 'QUOTE_SIGNING_KEY' | 'JWT_PRIVATE_KEY' | 'APP_ENV'>,
  logger?: Logger,
): QuoteSigner {
  return createQuoteSigner(keyFromSetting(config, 'QUOTE_SIGNING_KEY', 'quote token v1', logger))
}
