import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { readFrom, ttlCache } from '../../lib/ttl-cache.ts'
import { Rate } from '../../models/rate.model.ts'
import { User } from '../../models/user.model.ts'
import { CURRENCIES, type Currency } from '@arzpol/contracts/catalog/currencies'
import type { RateChangeNeedsConfirmation } from '@arzpol/contracts/catalog/staff'
import type { z } from 'zod'
import { changePercent, RATE_MESSAGES } from './rate-freshness.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'

const formatPercentFa = (bps: number) =>
  (bps / 100).toLocaleString('fa-IR', { maximumFractionDigits: 2 })

/** A rate as set, with who set it: the history is the audit of rate changes. */
export type RateHistoryRow = Pick<
  Rate,
  | 'id'
  | 'currency'
  | 'buy_rate_irr'
  | 'set_by_user_id'
  | 'note'
  | 'created_at'
  | 'previous_buy_rate_irr'
  | 'change_confirmed'
> & { set_by: { id: number; username: string } | null; change_percent: number | null }

export interface CurrentRate {
  currency: Currency
  buy_rate_irr: number
  updated_at: Date
}

/**
 * Current buy rates, held in memory. The quote endpoint is called on every keystroke (spec §7,
 * debounced 400 ms), so it must not cost a database round trip: all current rates are read in
 * one query and kept for `ttlSeconds` (lib/ttl-cache.ts: one reload shared by concurrent
 * readers, the previous rates served while the database is briefly away). A rate set through
 * this instance invalidates its cache at once; other instances see it within the TTL. Orders lock whatever rate the cache gives at creation.
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
    /**
     * Rate safety (issue 15): a change larger than this percentage of the current rate is
     * refused (409 `rate_change_needs_confirmation`) unless `confirmed`. Omitted: no check.
     */
    confirmAbovePercent?: number
    confirmed?: boolean
  }): Promise<RateHistoryRow>
  /** Drops the cached copy (tests, and after `set`). */
  invalidate(): void
}

export function createRateService(deps: {
  db: Knex
  clock: Clock
  ttlSeconds: number
}): RateService {
  async function load(): Promise<Map<Currency, CurrentRate>> {
    const rows = await Rate.currentOfEach(deps.db)
    return new Map(
      rows.map((row) => [
        row.currency,
        { currency: row.currency, buy_rate_irr: row.buy_rate_irr, updated_at: row.created_at },
      ]),
    )
  }
  const rates = ttlCache(load, deps)

  return {
    current(currency) {
      return readFrom(rates, (map) => map.get(currency))
    },
    all() {
      return readFrom(rates, (map) =>
        CURRENCIES.flatMap((currency) => {
          const rate = map.get(currency)
          return rate ? [rate] : []
        }),
      )
    },
    async history(currency, limit) {
      const rows = await Rate.historyOf(deps.db, currency, limit)
      return rows.map((row) => withSetBy(row, row.set_by_username))
    },
    async set({ currency, buyRateIrr, userId, note, confirmAbovePercent, confirmed = false }) {
      // The newest row, not the cache: the check and the audit compare with the rate in force.
      const previous = await Rate.newestBuyRate(deps.db, currency)
      const changeBps = previous
        ? Math.round(changePercent(previous.buy_rate_irr, buyRateIrr) * 100)
        : null
      const large =
        changeBps !== null &&
        confirmAbovePercent !== undefined &&
        changeBps > Math.round(confirmAbovePercent * 100)
      if (large && !confirmed) {
        throw new ApiError(
          409,
          RATE_MESSAGES.changeNeedsConfirmation(formatPercentFa(changeBps)),
          'rate_change_needs_confirmation',
          {
            body: {
              current_rate_irr: previous?.buy_rate_irr ?? null,
              requested_rate_irr: buyRateIrr,
              change_percent: changeBps / 100,
              confirm_above_percent: confirmAbovePercent,
            } satisfies Omit<z.input<typeof RateChangeNeedsConfirmation>, 'detail' | 'code'>,
          },
        )
      }
      const row = await deps.db.transaction(async (trx) => {
        const now = deps.clock.now()
        const inserted = await Rate.query(trx).insertAndFetch({
          currency,
          buy_rate_irr: buyRateIrr,
          set_by_user_id: userId,
          note: note ?? null,
          previous_buy_rate_irr: previous?.buy_rate_irr ?? null,
          // An int4 column: a change beyond 21 million percent (a rate of 1 rial corrected) is
          // recorded at the column's ceiling rather than failing the insert.
          change_bps: changeBps === null ? null : Math.min(changeBps, 2_147_483_647),
          change_confirmed: large && confirmed,
          created_at: now,
        })
        if (userId !== null) {
          await appendStaffAudit(trx, {
            actor: { id: userId },
            action: 'rates_changed',
            subject: { type: 'currency', id: currency },
            data: {
              buy_rate_irr: buyRateIrr,
              previous_buy_rate_irr: previous?.buy_rate_irr ?? null,
              change_bps: changeBps,
              confirmed: large && confirmed,
            },
            at: now,
          })
        }
        return inserted
      })
      rates.invalidate()
      const setter = userId === null ? undefined : await User.fieldOf(deps.db, userId, 'username')
      return withSetBy(row, setter ?? null)
    },
    invalidate() {
      rates.invalidate()
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
    previous_buy_rate_irr: row.previous_buy_rate_irr ?? null,
    change_percent:
      row.change_bps === null || row.change_bps === undefined ? null : row.change_bps / 100,
    change_confirmed: Boolean(row.change_confirmed),
    set_by:
      row.set_by_user_id === null ? null : { id: row.set_by_user_id, username: username ?? '' },
  }
}
