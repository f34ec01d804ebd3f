import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { tehranDayBounds, tehranDayOf } from '../../lib/tehran-day.ts'
import { tehranJalaliMonthStart } from '@arzpol/contracts/identity/birth-date'
import { MESSAGES as AUTH_MESSAGES } from '@arzpol/contracts/auth/customer'
import { MESSAGES, type IdentityLevel, type LimitKind } from '@arzpol/contracts/identity/customer'
import { defaultLimitsOf, nextLevelOf, type LevelLimits } from './levels.ts'

/**
 * The customer's limits (issue 18): what their orders of today (Tehran) and of this Jalali month
 * add up to, against their level's limits. Orders count while they are open or paid: an expired,
 * cancelled, failed, rejected or refunded order moved no money. An order counts in the day and
 * month it was created.
 */

export const COUNTED_STAGES = [
  'awaiting_payment',
  'awaiting_payout_details',
  'paid',
  'in_progress',
  'done',
]

export async function levelOf(
  runner: Knex | Knex.Transaction,
  userId: number,
): Promise<IdentityLevel> {
  const row = (await runner('customer_identities').where({ user_id: userId }).first('level')) as
    { level: number } | undefined
  return (row ? Number(row.level) : 0) as IdentityLevel
}

export interface Usage {
  day_irr: number
  month_irr: number
}

export interface LimitStanding {
  level: IdentityLevel
  limits: LevelLimits
  usage: Usage
}

// The level, its limits and what today's and this month's orders add up to, in one statement:
// every order runs this (and, as ADR 026 measured, each query through knex costs the app more
// than the work in the database). Run it after `lockCustomer`, never inside the locking
// statement: a statement's snapshot predates its lock wait, so it would miss the order whose
// transaction it waited for.
const STANDING_SQL = `
  SELECT COALESCE(ci.level, 0) AS level,
         l.per_order_irr, l.per_day_irr, l.per_month_irr,
         u.day_irr, u.month_irr
    FROM (SELECT ?::integer AS user_id) AS me
    LEFT JOIN customer_identities ci ON ci.user_id = me.user_id
    LEFT JOIN identity_levels l ON l.level = COALESCE(ci.level, 0)
   CROSS JOIN LATERAL (
         SELECT COALESCE(SUM(amount_irr) FILTER (WHERE created_at >= ?), 0)::bigint AS day_irr,
                COALESCE(SUM(amount_irr), 0)::bigint AS month_irr
           FROM payments
          WHERE user_id = me.user_id AND created_at >= ? AND stage = ANY(?) AND id <> ?) AS u`

interface StandingRow {
  level: number
  per_order_irr: number | null
  per_day_irr: number | null
  per_month_irr: number | null
  day_irr: number
  month_irr: number
}

export async function standingOf(
  runner: Knex | Knex.Transaction,
  userId: number,
  now: Date,
  excludeOrderId?: number,
): Promise<LimitStanding> {
  const dayStart = tehranDayBounds(tehranDayOf(now)).start
  const monthStart = tehranJalaliMonthStart(now)
  const { rows } = (await runner.raw(STANDING_SQL, [
    userId,
    dayStart,
    monthStart,
    COUNTED_STAGES,
    excludeOrderId ?? 0,
  ])) as { rows: StandingRow[] }
  const row = rows[0]
  if (!row) throw new Error('the standing query returns one row')
  const level = Number(row.level) as IdentityLevel
  const limits =
    row.per_order_irr === null || row.per_day_irr === null || row.per_month_irr === null
      ? defaultLimitsOf(level)
      : {
          level,
          per_order_irr: Number(row.per_order_irr),
          per_day_irr: Number(row.per_day_irr),
          per_month_irr: Number(row.per_month_irr),
        }
  return {
    level,
    limits,
    usage: { day_irr: Number(row.day_irr), month_irr: Number(row.month_irr) },
  }
}

/** Remaining amounts, never below zero (limits lowered by staff leave nothing, not a debt). */
export const remainingOf = ({ limits, usage }: LimitStanding) => ({
  today_remaining_irr: Math.max(
    0,
    Math.min(limits.per_day_irr - usage.day_irr, limits.per_month_irr - usage.month_irr),
  ),
  month_remaining_irr: Math.max(0, limits.per_month_irr - usage.month_irr),
})

/**
 * The customer's row lock, taken before any order's (ADR 014's lock order: customer, order,
 * attempt, refund) by every transaction that may add to what the customer spends.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: a transaction may already hold KEY SHARE on this row from
 * inserting a row that references the customer (the Idempotency-Key record). FOR UPDATE waits
 * on the other request's KEY SHARE while that request waits on ours, a deadlock; NO KEY UPDATE
 * does not conflict with KEY SHARE and still excludes every other NO KEY UPDATE, which is all the
 * limit check needs.
 */
export async function lockCustomer(
  trx: Knex.Transaction,
  userId: number,
): Promise<{ blocked: boolean }> {
  const { rows } = (await trx.raw('SELECT blocked_at FROM users WHERE id = ? FOR NO KEY UPDATE', [
    userId,
  ])) as { rows: Array<{ blocked_at: Date | null }> }
  return { blocked: !rows[0] || rows[0].blocked_at !== null }
}

/**
 * Inside the transaction that creates an order or starts its payment: locks the customer's row
 * (before any order's, ADR 014's lock order) so that two orders at once cannot both fit in what
 * remains, then refuses an amount above the level's limits with 403 `identity_limit`.
 *
 * The locked row is read again for `blocked_at`: the request's token was checked before it
 * waited, and the transaction it waited for may have been staff blocking or closing the account.
 */
export async function assertWithinLimits(
  trx: Knex.Transaction,
  input: { userId: number; amountIrr: number; now: Date; excludeOrderId?: number },
): Promise<void> {
  const { blocked } = await lockCustomer(trx, input.userId)
  if (blocked) throw new ApiError(403, AUTH_MESSAGES.blocked, 'account_blocked')
  const standing = await standingOf(trx, input.userId, input.now, input.excludeOrderId)
  const { limits, usage, level } = standing
  const checks: Array<[LimitKind, number, number]> = [
    ['per_order', limits.per_order_irr, limits.per_order_irr],
    ['per_day', limits.per_day_irr, limits.per_day_irr - usage.day_irr],
    ['per_month', limits.per_month_irr, limits.per_month_irr - usage.month_irr],
  ]
  for (const [limit, limitIrr, remaining] of checks) {
    if (input.amountIrr <= remaining) continue
    const next = nextLevelOf(level)
    const remainingIrr = Math.max(0, remaining)
    throw new ApiError(
      403,
      MESSAGES.overLimit(limit, level, limitIrr, remainingIrr, next),
      'identity_limit',
      {
        body: { limit, level, next_level: next, limit_irr: limitIrr, remaining_irr: remainingIrr },
      },
    )
  }
}
