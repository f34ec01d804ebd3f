/**
 * Why: the customer dashboard charts the last 30 days of each rate (GET
 * /api/rates/{cur}/daily/), and a fresh install had one rate per currency, so the chart was a
 * single dot. This adds 30 days of plausible history before each seed rate: one rate a day,
 * drifting up towards today's value (the rial loses a few percent a month) with some daily
 * noise. Deterministic (no randomness), marked `note = 'seed-history'`, and only for a currency
 * that has nothing but its seed rate, so a database that already has real history (or ran this
 * once) is left alone; `down` removes exactly these rows.
 */
import type { Knex } from 'knex'

const DAYS = 30
const NOTE = 'seed-history'
/** Share of today's value lost per day going back (≈ 4.5 % over 30 days). */
const DRIFT_PER_DAY = 0.0015
/** Rounding step in rials: the open market quotes whole hundreds (tens for the lira). */
const STEP: Record<string, number> = { USD: 100, EUR: 100, GBP: 100, TRY: 10, AED: 100 }
const ORDER = ['USD', 'EUR', 'GBP', 'TRY', 'AED']

/** Day `k` (1 = the day before) before a seed rate of `current` for `currency`. */
export function historicalRate(current: number, currency: string, k: number): number {
  const i = Math.max(0, ORDER.indexOf(currency))
  const noise = 0.006 * Math.sin(k * 1.7 + i * 0.9) + 0.003 * Math.sin(k * 0.45 + i * 2.3)
  const step = STEP[currency] ?? 100
  return Math.max(step, Math.round((current * (1 - DRIFT_PER_DAY * k + noise)) / step) * step)
}

export async function up(knex: Knex): Promise<void> {
  const { rows } = (await knex.raw(
    `SELECT DISTINCT ON (currency) currency, buy_rate_irr, created_at,
            count(*) OVER (PARTITION BY currency) AS total
       FROM rates
      ORDER BY currency, created_at DESC, id DESC`,
  )) as {
    rows: Array<{
      currency: string
      buy_rate_irr: string | number
      created_at: Date
      total: string | number
    }>
  }
  const inserts = rows
    .filter((row) => Number(row.total) === 1)
    .flatMap((row) =>
      Array.from({ length: DAYS }, (_, index) => {
        const k = index + 1
        return {
          currency: row.currency,
          buy_rate_irr: historicalRate(Number(row.buy_rate_irr), row.currency, k),
          note: NOTE,
          created_at: new Date(row.created_at.getTime() - k * 86_400_000),
        }
      }),
    )
  if (inserts.length > 0) await knex('rates').insert(inserts)
}

export async function down(knex: Knex): Promise<void> {
  await knex('rates').where({ note: NOTE }).delete()
}
