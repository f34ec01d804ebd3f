import type { Order } from '../../../models/order.model.ts'
import { MESSAGES, type CreateOrderInput } from '@arzpol/contracts/orders/customer'
import { buildQuote, type Quote } from '../../catalog/quote.ts'
import { signedQuote } from '../../catalog/quote-token.ts'
import { pricedFromStaleCopy } from '../../catalog/quote-staleness.ts'
import { usableRate } from '../../catalog/rate-freshness.ts'
import { conflict } from '../conflict.ts'
import type { OrdersServiceDeps } from '../order-deps.ts'

export type QuoteInput = {
  amountMinor: number
  currency: Order['currency']
  type: Order['payment_type']
}

export async function quoteFor(deps: OrdersServiceDeps, input: QuoteInput): Promise<Quote> {
  const now = deps.clock.now()
  const rate = await usableRate(deps.rates, input.currency, {
    now,
    maxAgeMinutes: deps.rateMaxAgeMinutes,
  })
  const type = await deps.paymentTypes.get(input.type)
  return buildQuote({
    amountMinor: input.amountMinor,
    currency: input.currency,
    rateIrr: rate.buy_rate_irr,
    type,
    versions: { rate: rate.catalogVersion, type: type.catalogVersion },
    now,
    lockMinutes: deps.rateLockMinutes,
  })
}

/**
 * The price the customer saw (ADR 013). A valid token (signature, not expired, the
 * same amount, currency and type) gives the order the quoted rate, fee and lock end, even if
 * the rate changed since: that is the promise `expires_at` made. Anything else (tampered,
 * expired, another amount) is refused with 409 `quote_changed` and the current quote, with its
 * own token, so the form can show the new amount and send it again. So is a token priced from
 * a copy of the rates or fees already out of date when it was made (`stale`, ADR 033).
 */
export async function quotedPrice(
  deps: OrdersServiceDeps,
  input: CreateOrderInput,
  token: string,
  current: Quote,
): Promise<Quote> {
  const check = deps.quoteSigner.verify(token, {
    amountMinor: input.amount,
    currency: input.currency,
    paymentType: input.payment_type,
    now: deps.clock.now(),
  })
  if (!check.ok) {
    throw conflict(MESSAGES.quoteChanged(current.amount_irr), 'quote_changed', {
      reason: check.reason,
      quote: signedQuote(deps.quoteSigner, current, input.amount),
    })
  }
  const { claims } = check
  if (await pricedFromStaleCopy(deps.db, claims)) {
    // This pod's copies may be just as old (its notice may not have come yet): read again.
    deps.rates.invalidate()
    deps.paymentTypes.invalidate()
    const fresh = await quoteFor(deps, {
      amountMinor: input.amount,
      currency: input.currency,
      type: input.payment_type,
    })
    throw conflict(MESSAGES.quoteStale(fresh.amount_irr), 'quote_changed', {
      reason: 'stale',
      quote: signedQuote(deps.quoteSigner, fresh, input.amount),
    })
  }
  return {
    ...current,
    rate_irr: claims.rateIrr,
    subtotal_irr: claims.subtotalIrr,
    fee_irr: claims.feeIrr,
    amount_irr: claims.amountIrr,
    expires_at: claims.expiresAt,
  }
}
