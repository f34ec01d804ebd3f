import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import type { AppConfig } from '../../config/env.ts'
import { keyFromSetting } from '../../lib/setting-key.ts'
import { CURRENCIES, type Currency } from '@arzpol/contracts/catalog/currencies'
import { PAYMENT_TYPE_CODES, type PaymentTypeCode } from '@arzpol/contracts/catalog/payment-types'
import type { QUOTE_TOKEN_REFUSALS } from '@arzpol/contracts/orders/customer'
import type { Quote } from './quote.ts'

/**
 * The quote the customer saw, signed (issue 15, hole 5). `GET /api/quote/` answers a
 * `quote_token`: an HMAC-SHA-256 over the amount (minor units), currency, payment type, rate,
 * the rial breakdown (subtotal, fee, total) and the expiry. Nothing is stored per quote; create
 * checks the signature and prices the order with the signed figures while the token is unexpired.
 *
 * Format: `v1.<base64url payload>.<base64url mac>`, the payload being the fields joined by `|`.
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

const VERSION = 'v1'
const MAX_TOKEN_LENGTH = 512

const safeInt = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text))
    ? Number(text)
    : null

function encode(claims: QuoteClaims): string {
  return [
    claims.amountMinor,
    claims.currency,
    claims.paymentType,
    claims.rateIrr,
    claims.subtotalIrr,
    claims.feeIrr,
    claims.amountIrr,
    claims.expiresAt.getTime(),
  ].join('|')
}

function decode(payload: string): QuoteClaims | null {
  const parts = payload.split('|')
  if (parts.length !== 8) return null
  const [amount, currency, type, rate, subtotal, fee, total, expires] = parts
  const numbers = [amount, rate, subtotal, fee, total, expires].map(safeInt)
  if (numbers.some((value) => value === null)) return null
  if (!CURRENCIES.includes(currency as Currency)) return null
  if (!PAYMENT_TYPE_CODES.includes(type as PaymentTypeCode)) return null
  const [amountMinor, rateIrr, subtotalIrr, feeIrr, amountIrr, expiresMs] = numbers as number[]
  return {
    amountMinor: amountMinor!,
    currency: currency as Currency,
    paymentType: type as PaymentTypeCode,
    rateIrr: rateIrr!,
    subtotalIrr: subtotalIrr!,
    feeIrr: feeIrr!,
    amountIrr: amountIrr!,
    expiresAt: new Date(expiresMs!),
  }
}

export function createQuoteSigner(key: Buffer): QuoteSigner {
  if (key.length < 32) throw new Error('quote signing key: at least 32 bytes')
  const mac = (payload: string) =>
    createHmac('sha256', key).update(`${VERSION}.${payload}`).digest()
  return {
    sign(claims) {
      const payload = encode(claims)
      return `${VERSION}.${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`
    },
    verify(token, expected) {
      if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' }
      const [version, body, signature, ...rest] = token.split('.')
      if (version !== VERSION || !body || !signature || rest.length > 0)
        return { ok: false, reason: 'malformed' }
      const payload = Buffer.from(body, 'base64url').toString('utf8')
      const given = Buffer.from(signature, 'base64url')
      const wanted = mac(payload)
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
        return { ok: false, reason: 'signature' }
      const claims = decode(payload)
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
})

/** The quote answer: the quote with its signed token. */
export const signedQuote = (signer: QuoteSigner, quote: Quote, amountMinor: number) => ({
  ...quote,
  quote_token: signer.sign(claimsOf(quote, amountMinor)),
})

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
