import type { Knex } from 'knex'
import type { Clock } from '../../lib/clock.ts'
import { Rate } from '../../models/rate.model.ts'
import { CURRENCIES, type Currency } from '../money/money.ts'

export interface CurrentRate {
  currency: Currency
  buy_rate_irr: number
  updated_at: Date
}

/**
 * Current buy rates, held in memory. The quote endpoint is called on every keystroke (spec §7,
 * debounced 400 ms), so it must not cost a database round trip: all current rates are read in
 * one query and kept for `ttlSeconds`. Concurrent readers of an expired cache share one reload
 * (single flight); if a reload fails, the previous rates keep serving for up to 10 × the TTL
 * before the error surfaces. A rate set through this instance invalidates its cache at once;
 * other instances see it within the TTL. Orders lock whatever rate the cache gives at creation.
 */
export interface RateService {
  current(currency: Currency): Promise<CurrentRate | undefined>
  all(): Promise<CurrentRate[]>
  history(currency: Currency, limit: number): Promise<Rate[]>
  set(input: {
    currency: Currency
    buyRateIrr: number
    userId: number | null
    note?: string | null
  }): Promise<Rate>
  /** Drops the cached copy (tests, and after `set`). */
  invalidate(): void
}

export function createRateService(deps: {
  db: Knex
  clock: Clock
  ttlSeconds: number
}): RateService {
  let cache: { loadedAt: number; rates: Map<Currency, CurrentRate> } | undefined
  let loading: Promise<Map<Currency, CurrentRate>> | undefined

  async function load(): Promise<Map<Currency, CurrentRate>> {
    const rows = (await deps
      .db('rates')
      .distinctOn('currency')
      .select('currency', 'buy_rate_irr', 'created_at')
      .orderBy([
        { column: 'currency' },
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])) as Array<{ currency: Currency; buy_rate_irr: number; created_at: Date }>
    return new Map(
      rows.map((row) => [
        row.currency,
        { currency: row.currency, buy_rate_irr: row.buy_rate_irr, updated_at: row.created_at },
      ]),
    )
  }

  async function rates(): Promise<Map<Currency, CurrentRate>> {
    const now = deps.clock.now().getTime()
    const ttl = deps.ttlSeconds * 1000
    if (cache && now - cache.loadedAt < ttl) return cache.rates
    loading ??= load()
      .then((loaded) => {
        cache = { loadedAt: deps.clock.now().getTime(), rates: loaded }
        return loaded
      })
      .finally(() => {
        loading = undefined
      })
    try {
      return await loading
    } catch (error) {
      if (cache && now - cache.loadedAt < ttl * 10) return cache.rates
      throw error
    }
  }

  return {
    async current(currency) {
      return (await rates()).get(currency)
    },
    async all() {
      const map = await rates()
      return CURRENCIES.flatMap((currency) => {
        const rate = map.get(currency)
        return rate ? [rate] : []
      })
    },
    async history(currency, limit) {
      return Rate.query(deps.db)
        .where({ currency })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
    },
    async set({ currency, buyRateIrr, userId, note }) {
      const row = await Rate.query(deps.db).insertAndFetch({
        currency,
        buy_rate_irr: buyRateIrr,
        set_by_user_id: userId,
        note: note ?? null,
        created_at: deps.clock.now(),
      })
      cache = undefined
      return row
    },
    invalidate() {
      cache = undefined
    },
  }
}
