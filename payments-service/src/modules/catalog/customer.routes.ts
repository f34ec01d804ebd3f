import { MAX_RATE_IRR } from '@arzpol/shared'
import { z } from 'zod'
import { ApiError } from '../../http/errors.ts'
import { defineRoute, reply, type Api } from '../../http/route.ts'
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE } from '../../lib/text.ts'
import { amountMinorSchema } from './money.schema.ts'
import { CURRENCIES } from './money.ts'
import { PAYMENT_TYPE_CODES } from './payment-types.ts'
import type { PaymentTypeStore } from './payment-type-store.ts'
import { buildQuote } from './quote.ts'
import { signedQuote, type QuoteSigner } from './quote-token.ts'
import type { Knex } from 'knex'
import { DAILY_DEFAULT_DAYS, DAILY_MAX_DAYS, dailyRates } from './daily-rates.ts'
import { usableRate } from './rate-freshness.ts'
import type { RateService } from './rates.service.ts'

const CURRENCY_MESSAGE = 'ارز معتبر نیست'
const currency = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .toUpperCase()
  .pipe(z.enum(CURRENCIES, { error: CURRENCY_MESSAGE }))

const RateOut = z.object({
  currency: z.enum(CURRENCIES),
  buy_rate_irr: z.number().int().meta({ description: 'Rials per currency unit' }),
  updated_at: z.date(),
})

const RateHistoryOut = z.object({
  id: z.number().int(),
  currency: z.enum(CURRENCIES),
  buy_rate_irr: z.number().int(),
  set_by_user_id: z.number().int().nullable(),
  set_by: z
    .object({ id: z.number().int(), username: z.string() })
    .nullable()
    .meta({ description: 'Who set it (audit); null for seeded rates' }),
  note: z.string().nullable(),
  created_at: z.date(),
  previous_buy_rate_irr: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The rate this one replaced (audit); null for the first' }),
  change_percent: z
    .number()
    .nullable()
    .meta({ description: 'Size of the change in percent of the previous rate' }),
  change_confirmed: z
    .boolean()
    .meta({ description: 'An admin confirmed a change above RATE_CHANGE_CONFIRM_PERCENT' }),
})

const DAYS_MESSAGE = `تعداد روز باید عددی بین ۱ و ${DAILY_MAX_DAYS.toLocaleString('fa-IR')} باشد`
const DailyQuery = z.object({
  days: z.coerce
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(DAILY_MAX_DAYS, DAYS_MESSAGE)
    .default(DAILY_DEFAULT_DAYS),
})

const DailyRateOut = z.object({
  date: z.string().meta({ description: 'Tehran calendar day (Asia/Tehran), YYYY-MM-DD' }),
  buy_rate_irr: z.number().int().meta({ description: 'Rials per unit at the end of that day' }),
})

const QuoteQuery = z.object({
  amount: amountMinorSchema,
  currency: currency.default('USD'),
  payment_type: z.enum(PAYMENT_TYPE_CODES, { error: 'نوع خدمت معتبر نیست' }).default('topup'),
})

export const QuoteOut = z.object({
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  payment_type: z.enum(PAYMENT_TYPE_CODES),
  rate_irr: z.number().int(),
  subtotal_irr: z.number().int(),
  fee_irr: z.number().int(),
  amount_irr: z
    .number()
    .int()
    .meta({ description: 'Total in rials (charge: subtotal + fee; payout: subtotal − fee)' }),
  expires_at: z.date().meta({ description: 'How long an order placed now keeps this rate' }),
  quote_token: z.string().meta({
    description:
      'Signed copy of this quote (HMAC-SHA-256; nothing stored). Sent with create, it locks this rate and fee until expires_at.',
  }),
})

const rateUnavailable = () =>
  new ApiError(503, 'نرخ این ارز در حال حاضر در دسترس نیست.', 'rate_unavailable')

const CONFIRM_MESSAGE = 'تایید باید true یا false باشد'

export function registerRateRoutes(
  api: Api,
  deps: {
    rates: RateService
    paymentTypes: PaymentTypeStore
    rateLockMinutes: number
    /** RATE_MAX_AGE_MINUTES: no quote on an older rate (503 `rate_stale`); undefined: no limit. */
    rateMaxAgeMinutes?: number | undefined
    /** RATE_CHANGE_CONFIRM_PERCENT: larger staff changes need `confirm: true`. */
    rateChangeConfirmPercent: number
    quoteSigner: QuoteSigner
    now: () => Date
    db: Knex
  },
) {
  const { rates } = deps

  defineRoute(api, {
    method: 'get',
    path: '/api/rates/',
    operationId: 'rates_list',
    summary: 'Current buy rate of every currency',
    tags: ['rates'],
    responses: { 200: { description: 'Rates', schema: z.array(RateOut) } },
    handler: async () => reply(200, await rates.all()),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/rates/:currency/',
    operationId: 'rates_detail',
    summary: 'Current buy rate of one currency (spec §7: /api/rates/USD/)',
    description: 'Served from an in-memory cache refreshed every RATE_CACHE_TTL_SECONDS.',
    tags: ['rates'],
    params: z.object({ currency }),
    responses: { 200: { description: 'Rate', schema: RateOut } },
    errors: [503],
    handler: async (_ctx, { params }) => {
      const rate = await rates.current(params.currency)
      if (!rate) throw rateUnavailable()
      return reply(200, rate)
    },
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/rates/:currency/daily/',
    operationId: 'rates_daily',
    summary: 'Daily buy rate of a currency for a chart: one point per Tehran calendar day',
    description:
      'The last `days` days (default 30, at most 365), oldest first, today included. Each point is the rate in force at the end of that day in Asia/Tehran: the last rate set that day, or the previous one carried over on a day without a change. Days before the first rate are left out. Public.',
    tags: ['rates'],
    params: z.object({ currency }),
    query: DailyQuery,
    responses: { 200: { description: 'Daily rates', schema: z.array(DailyRateOut) } },
    handler: async (ctx, { params, query }) => {
      // The same for everyone and it changes at most when staff set a rate.
      ctx.set('Cache-Control', 'public, max-age=60')
      return reply(
        200,
        await dailyRates(deps.db, { currency: params.currency, days: query.days, now: deps.now() }),
      )
    },
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/rates/:currency/history/',
    operationId: 'rates_history',
    summary: 'The last 100 rates set for a currency, newest first (staff)',
    tags: ['rates'],
    auth: ['support', 'admin'],
    params: z.object({ currency }),
    responses: { 200: { description: 'History', schema: z.array(RateHistoryOut) } },
    handler: async (_ctx, { params }) => reply(200, await rates.history(params.currency, 100)),
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/rates/',
    operationId: 'rates_set',
    summary: 'Set a new buy rate (admin); orders placed from now on lock it',
    description:
      'A change larger than RATE_CHANGE_CONFIRM_PERCENT (default 10) of the current rate answers 409 `rate_change_needs_confirmation` (with `current_rate_irr`, `requested_rate_irr`, `change_percent`) unless the body carries `confirm: true`. Every row records the previous rate, the change and the confirmation (history).',
    tags: ['rates'],
    auth: ['admin'],
    body: z.object({
      currency,
      buy_rate_irr: z
        .number({ error: 'نرخ باید عدد صحیح ریالی باشد' })
        .int('نرخ باید عدد صحیح ریالی باشد')
        .positive('نرخ باید بزرگ‌تر از صفر باشد')
        .max(MAX_RATE_IRR, 'نرخ بیش از حد بزرگ است'),
      note: z
        .string()
        .max(500)
        .refine((value) => !hasForbiddenCharacters(value, true), INVALID_CHARACTERS_MESSAGE)
        .nullish(),
      confirm: z
        .boolean({ error: CONFIRM_MESSAGE })
        .optional()
        .meta({ description: 'Confirms a change above RATE_CHANGE_CONFIRM_PERCENT' }),
    }),
    responses: { 201: { description: 'Recorded', schema: RateHistoryOut } },
    errors: [409],
    handler: async (_ctx, { body, user }) =>
      reply(
        201,
        await rates.set({
          currency: body.currency,
          buyRateIrr: body.buy_rate_irr,
          userId: user.id,
          note: body.note ?? null,
          confirmAbovePercent: deps.rateChangeConfirmPercent,
          confirmed: body.confirm === true,
        }),
      ),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/quote/',
    operationId: 'quote',
    summary: 'Rial price of a foreign amount at the current rate, with our fee (spec §7)',
    description:
      'No database access per request (rates and fees come from in-memory copies). Rounding: charge types round the rial subtotal and the percentage fee up; payout rounds the subtotal down. `payment_type` defaults to topup. The answer carries `quote_token`, a signed copy of the quote (nothing is stored): create with it to get exactly this price until `expires_at`. 503 `rate_stale` when the rate is older than RATE_MAX_AGE_MINUTES.',
    tags: ['rates'],
    query: QuoteQuery,
    responses: { 200: { description: 'Quote', schema: QuoteOut } },
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
        now,
        lockMinutes: deps.rateLockMinutes,
      })
      return reply(200, signedQuote(deps.quoteSigner, quote, query.amount))
    },
  })
}
