import { z } from 'zod'
import { ApiError } from '../../http/errors.ts'
import { ok, reply, routeGroup, type Api } from '../../http/route.ts'
import {
  CurrencyParams,
  DailyQuery,
  DailyRateOut,
  PaymentTypeList,
  QuoteOut,
  QuoteQuery,
  RateOut,
} from '@arzpol/contracts/catalog/customer'
import { paymentTypeBody } from '@arzpol/contracts/catalog/payment-types'
import type { PaymentTypeStore } from './payment-type-store.ts'
import { buildQuote } from './quote.ts'
import { signedQuote, type QuoteSigner } from './quote-token.ts'
import type { Knex } from 'knex'
import { dailyRates } from './daily-rates.ts'
import { usableRate } from './rate-freshness.ts'
import type { RateService } from './rates.service.ts'

const rateUnavailable = () =>
  new ApiError(503, 'نرخ این ارز در حال حاضر در دسترس نیست.', 'rate_unavailable')

export interface CatalogRouteDeps {
  rates: RateService
  paymentTypes: PaymentTypeStore
  rateLockMinutes: number
  /** RATE_MAX_AGE_MINUTES: no quote on an older rate (503 `rate_stale`); undefined: no limit. */
  rateMaxAgeMinutes?: number | undefined
  quoteSigner: QuoteSigner
  now: () => Date
  db: Knex
}

/** The catalog's public calls: current and daily rates, quotes, the payment types. */
export function registerCatalogRoutes(api: Api, deps: CatalogRouteDeps) {
  registerPaymentTypeRoutes(api, deps)
  registerRateRoutes(api, deps)
  registerQuoteRoutes(api, deps)
}

function registerPaymentTypeRoutes(api: Api, deps: Pick<CatalogRouteDeps, 'paymentTypes'>) {
  const anyone = routeGroup(api, { tags: ['rates'] })

  anyone.get('/api/payment-types/', {
    operationId: 'payment_types_list',
    summary: 'The eight services an order can be for, with fees and limits',
    description:
      'Fees and limits are the ones admins set (served from an in-memory copy, dropped when any instance changes them and refreshed every RATE_CACHE_TTL_SECONDS at the latest).',
    tags: ['orders'],
    responses: ok('Options', PaymentTypeList),
    handler: async () => reply(200, (await deps.paymentTypes.all()).map(paymentTypeBody)),
  })
}

function registerRateRoutes(api: Api, deps: Pick<CatalogRouteDeps, 'rates' | 'now' | 'db'>) {
  const { rates } = deps
  const anyone = routeGroup(api, { tags: ['rates'] })

  anyone.get('/api/rates/', {
    operationId: 'rates_list',
    summary: 'Current buy rate of every currency',
    responses: ok('Rates', z.array(RateOut)),
    handler: async () => reply(200, await rates.all()),
  })

  anyone.get('/api/rates/:currency/', {
    operationId: 'rates_detail',
    summary: 'Current buy rate of one currency (the original client asks /api/rates/USD/)',
    description:
      'Served from an in-memory cache, dropped when any instance sets a rate and refreshed every RATE_CACHE_TTL_SECONDS at the latest.',
    params: CurrencyParams,
    responses: ok('Rate', RateOut),
    errors: [503],
    handler: async (_ctx, { params }) => {
      const rate = await rates.current(params.currency)
      if (!rate) throw rateUnavailable()
      return reply(200, rate)
    },
  })

  anyone.get('/api/rates/:currency/daily/', {
    operationId: 'rates_daily',
    summary: 'Daily buy rate of a currency for a chart: one point per Tehran calendar day',
    description:
      'The last `days` days (default 30, at most 365), oldest first, today included. Each point is the rate in force at the end of that day in Asia/Tehran: the last rate set that day, or the previous one carried over on a day without a change. Days before the first rate are left out. Public.',
    params: CurrencyParams,
    query: DailyQuery,
    responses: ok('Daily rates', z.array(DailyRateOut)),
    handler: async (ctx, { params, query }) => {
      // The same for everyone and it changes at most when staff set a rate.
      ctx.set('Cache-Control', 'public, max-age=60')
      return reply(
        200,
        await dailyRates(deps.db, { currency: params.currency, days: query.days, now: deps.now() }),
      )
    },
  })
}

function registerQuoteRoutes(api: Api, deps: CatalogRouteDeps) {
  const { rates } = deps
  const anyone = routeGroup(api, { tags: ['rates'] })

  anyone.get('/api/quote/', {
    operationId: 'quote',
    summary: 'Rial price of a foreign amount at the current rate, with our fee',
    description:
      'No database access per request (rates and fees come from in-memory copies). Rounding: charge types round the rial subtotal and the percentage fee up; payout rounds the subtotal down. `payment_type` defaults to topup. The answer carries `quote_token`, a signed copy of the quote (nothing is stored): create with it to get exactly this price until `expires_at`. 503 `rate_stale` when the rate is older than RATE_MAX_AGE_MINUTES.',
    query: QuoteQuery,
    responses: ok('Quote', QuoteOut),
    errors: [503],
    handler: async (_ctx, { query }) => {
      const now = deps.now()
      const rate = await usableRate(rates, query.currency, {
        now,
        maxAgeMinutes: deps.rateMaxAgeMinutes,
      })
      const type = await deps.paymentTypes.get(query.payment_type)
      const quote = buildQuote({
        amountMinor: query.amount,
        currency: query.currency,
        rateIrr: rate.buy_rate_irr,
        type,
        versions: { rate: rate.catalogVersion, type: type.catalogVersion },
        now,
        lockMinutes: deps.rateLockMinutes,
      })
      return reply(200, signedQuote(deps.quoteSigner, quote, query.amount))
    },
  })
}
