import { addSeconds } from '../../lib/clock.ts'
import { formatMinor } from '@arzpol/contracts'
import type { Currency } from '@arzpol/contracts/catalog/currencies'
import { priceInRials } from './money.ts'
import type { PaymentType, PaymentTypeCode } from '@arzpol/contracts/catalog/payment-types'

/**
 * What a quote was priced from (ADR 033): the catalog versions of the rate and payment-type
 * copies, and when. Create uses it to tell a quote made from an out-of-date copy.
 */
export interface QuoteBasis {
  rateVersion: number
  typeVersion: number
  issuedAt: Date
}

export interface Quote {
  amount: string
  currency: Currency
  payment_type: PaymentTypeCode
  rate_irr: number
  subtotal_irr: number
  fee_irr: number
  amount_irr: number
  expires_at: Date
  /** Not part of the answer (the quote token carries it). */
  basis: QuoteBasis
}

/** A price for an amount at a rate, valid (locked, once an order holds it) until `expires_at`. */
export function buildQuote(input: {
  amountMinor: number
  currency: Currency
  rateIrr: number
  type: PaymentType
  /** The catalog versions of the copies the rate and the type came from. */
  versions: { rate: number; type: number }
  now: Date
  lockMinutes: number
}): Quote {
  const price = priceInRials({
    amountMinor: input.amountMinor,
    rateIrr: input.rateIrr,
    fee: input.type.fee,
    direction: input.type.direction,
  })
  return {
    amount: formatMinor(input.amountMinor),
    currency: input.currency,
    payment_type: input.type.value,
    rate_irr: input.rateIrr,
    ...price,
    expires_at: addSeconds(input.now, input.lockMinutes * 60),
    basis: {
      rateVersion: input.versions.rate,
      typeVersion: input.versions.type,
      issuedAt: input.now,
    },
  }
}
