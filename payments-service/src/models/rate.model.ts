import type { Currency } from '@arzpol/contracts/value-sets'
import type { Knex } from 'knex'
import { newestFirst } from '../db/newest-first.ts'
import { BaseModel } from './base.model.ts'

/** The rate in force for one currency: its newest row. */
export interface CurrentRateRow {
  currency: Currency
  buy_rate_irr: number
  created_at: Date
}

/** One buy rate as set at one moment; the newest row per currency is the current rate. */
export class Rate extends BaseModel {
  static override tableName = 'rates'

  declare id: number
  declare currency: Currency
  declare buy_rate_irr: number
  declare set_by_user_id: number | null
  declare note: string | null
  /** The rate this one replaced (rate safety, ADR 013); null for the first and for older rows. */
  declare previous_buy_rate_irr: number | null
  /** |new − previous| in basis points of the previous rate. */
  declare change_bps: number | null
  /** An admin confirmed a change above RATE_CHANGE_CONFIRM_PERCENT. */
  declare change_confirmed: boolean
  declare created_at: Date

  /**
   * The newest row of every currency that has one, with the catalog version they reflect (ADR
   * 033), in one statement: one snapshot, so the rows hold exactly the committed changes up to
   * that version.
   */
  static async currentOfEachWithVersion(
    db: Knex,
  ): Promise<{ version: number; rows: CurrentRateRow[] }> {
    const { rows } = (await db.raw(
      `SELECT v.version, r.currency, r.buy_rate_irr, r.created_at
         FROM (SELECT coalesce(max(id), 0) AS version FROM catalog_changes) v
         LEFT JOIN LATERAL (
           SELECT DISTINCT ON (currency) currency, buy_rate_irr, created_at
             FROM rates
            ORDER BY currency, created_at DESC, id DESC
         ) r ON true`,
    )) as { rows: Array<{ version: number } & ({ currency: null } | CurrentRateRow)> }
    return {
      version: rows[0]?.version ?? 0,
      rows: rows.flatMap(({ version: _version, ...row }) =>
        row.currency === null ? [] : [row as CurrentRateRow],
      ),
    }
  }

  /** The newest `limit` rows of `currency`, each with the username of whoever set it. */
  static async historyOf(
    db: Knex,
    currency: Currency,
    limit: number,
  ): Promise<Array<Rate & { set_by_username: string | null }>> {
    return (await db('rates as r')
      .leftJoin('users as u', 'u.id', 'r.set_by_user_id')
      .where('r.currency', currency)
      .select('r.*', 'u.username as set_by_username')
      .orderBy(newestFirst('r'))
      .limit(limit)) as Array<Rate & { set_by_username: string | null }>
  }

  /** The buy rate of the newest row of `currency` (not a cache): undefined before the first. */
  static async newestBuyRate(
    db: Knex,
    currency: Currency,
  ): Promise<{ buy_rate_irr: number } | undefined> {
    return (await db('rates').where({ currency }).orderBy(newestFirst()).first('buy_rate_irr')) as
      { buy_rate_irr: number } | undefined
  }

  /**
   * For each calendar day (in `timeZone`) of the last `days` days up to `now`, the buy rate in
   * force at the end of that day: the last one set on or before it, and never one set after
   * `now`. Days before the currency's first rate have no row. One index lookup per day on
   * `rates_currency_created_idx`.
   */
  static async endOfDayRates(
    db: Knex,
    input: { currency: Currency; days: number; now: Date; timeZone: string },
  ): Promise<Array<{ date: string; buy_rate_irr: number | string }>> {
    const { rows } = (await db.raw(
      `WITH days AS (
         SELECT generate_series(
                  (timezone(:tz, :now::timestamptz))::date - (:days::int - 1),
                  (timezone(:tz, :now::timestamptz))::date,
                  interval '1 day')::date AS day
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date, r.buy_rate_irr
         FROM days d
         CROSS JOIN LATERAL (
           SELECT buy_rate_irr FROM rates
            WHERE currency = :currency
              AND created_at < timezone(:tz, (d.day + 1)::timestamp)
              AND created_at <= :now::timestamptz
            ORDER BY created_at DESC, id DESC
            LIMIT 1
         ) r
        ORDER BY d.day`,
      { tz: input.timeZone, now: input.now, days: input.days, currency: input.currency },
    )) as { rows: Array<{ date: string; buy_rate_irr: number | string }> }
    return rows
  }
}
