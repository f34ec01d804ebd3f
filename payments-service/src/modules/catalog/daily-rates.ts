import type { Knex } from 'knex'
import type { Currency } from '@arzpol/contracts/catalog/currencies'

/** The civil calendar our customers live by; Iran has kept UTC+03:30 all year since 1401. */
export const RATE_DAY_TIME_ZONE = 'Asia/Tehran'

export interface DailyRate {
  /** Tehran calendar day, `YYYY-MM-DD` (Gregorian, as the chart's x axis). */
  date: string
  buy_rate_irr: number
}

/**
 * One point per Tehran calendar day of the last `days` days (today included): the rate in
 * force at the end of that day, i.e. the last rate set on it, or — on a day nobody set one —
 * the one carried over from before (a rate stays current until replaced). Days before the
 * currency's first rate are left out. Today ends "now", so a rate set later (a test clock
 * behind real time) is not shown. One index lookup per day on `rates_currency_created_idx`.
 */
export async function dailyRates(
  db: Knex,
  input: { currency: Currency; days: number; now: Date },
): Promise<DailyRate[]> {
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
    { tz: RATE_DAY_TIME_ZONE, now: input.now, days: input.days, currency: input.currency },
  )) as { rows: Array<{ date: string; buy_rate_irr: number | string }> }
  return rows.map((row) => ({ date: row.date, buy_rate_irr: Number(row.buy_rate_irr) }))
}
