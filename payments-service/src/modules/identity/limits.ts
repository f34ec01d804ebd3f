import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { CustomerIdentity } from '../../models/customer-identity.model.ts'
import { User } from '../../models/user.model.ts'
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
  return (await CustomerIdentity.levelOf(runner, userId)) as IdentityLevel
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

// The level, its limits and what today's and this month's orders add up to, in one statement
// (CustomerIdentity.standing): every order runs this (and, as ADR 026 measured, each query
// through knex costs the app more than the work in the database). Run it after `lockCustomer`,
// never inside the locking statement: a statement's snapshot predates its lock wait, so it would
// miss the order whose transaction it waited for.
export async function standingOf(
  runner: Knex | Knex.Transaction,
  userId: number,
  now: Date,
  excludeOrderId?: number,
): Promise<LimitStanding> {
  const dayStart = tehranDayBounds(tehranDayOf(now)).start
  const monthStart = tehranJalaliMonthStart(now)
  const row = await CustomerIdentity.standing(runner, {
    userId,
    dayStart,
    monthStart,
    countedStages: COUNTED_STAGES,
    excludeOrderId: excludeOrderId ?? 0,
  })
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
  return { blocked: await User.lockForSpending(trx, userId) }
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
