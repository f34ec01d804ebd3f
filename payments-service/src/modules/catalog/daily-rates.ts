import type { Knex } from 'knex'
import type { Currency } from '@arzpol/contracts/catalog/currencies'
import { Rate } from '../../models/rate.model.ts'

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
  const rows = await Rate.endOfDayRates(db, { ...input, timeZone: RATE_DAY_TIME_ZONE })
  return rows.map((row) => ({ date: row.date, buy_rate_irr: Number(row.buy_rate_irr) }))
}
