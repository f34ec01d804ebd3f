import type { Knex } from 'knex'
import type { Clock } from '../../lib/clock.ts'
import { Rate } from '../../models/rate.model.ts'
import { CURRENCIES, type Currency } from '../money/money.ts'

/** A rate as set, with who set it: the history is the audit of rate changes. */
export type RateHistoryRow = Pick<
  Rate,
  'id' | 'currency' | 'buy_rate_irr' | 'set_by_user_id' | 'note' | 'created_at'
> & { set_by: { id: number; username: string } | null }

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
  history(currency: Currency, limit: number): Promise<RateHistoryRow[]>
  set(input: {
    currency: Currency
    buyRateIrr: number
    userId: number | null
    note?: string | null
  }): Promise<RateHistoryRow>
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
      const rows = (await deps
        .db('rates as r')
        .leftJoin('users as u', 'u.id', 'r.set_by_user_id')
        .where('r.currency', currency)
        .select('r.*', 'u.username as set_by_username')
        .orderBy([
          { column: 'r.created_at', order: 'desc' },
          { column: 'r.id', order: 'desc' },
        ])
        .limit(limit)) as Array<Rate & { set_by_username: string | null }>
      return rows.map((row) => withSetBy(row, row.set_by_username))
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
      const setter =
        userId === null
          ? undefined
          : ((await deps.db('users').where({ id: userId }).first('username')) as
              { username: string } | undefined)
      return withSetBy(row, setter?.username ?? null)
    },
    invalidate() {
      cache = undefined
    },
  }
}

function withSetBy(row: Rate, username: string | null): RateHistoryRow {
  return {
    id: row.id,
    currency: row.currency,
    buy_rate_irr: row.buy_rate_irr,
    set_by_user_id: row.set_by_user_id,
    note: row.note,
    created_at: row.created_at,
    set_by:
      row.set_by_user_id === null ? null : { id: row.set_by_user_id, username: username ?? '' },
  }
}
