import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { CustomerIdentity } from '../../models/customer-identity.model.ts'
import { User } from '../../models/user.model.ts'
import { tehranDayBounds, tehranDayOf } from '../../lib/tehran-day.ts'
import { tehranJalaliMonthStart } from '@arzpol/contracts/identity/birth-date'
import { MESSAGES as AUTH_MESSAGES } from '@arzpol/contracts/auth/customer'
import { MESSAGES, type IdentityLevel, type LimitKind } from '@arzpol/contracts/identity/customer'
import { defaultLimitsOf, nextLevelOf, type LevelLimits } from './levels.ts'
import { BANK_TOKEN_LIFETIME_MINUTES } from '../gateways/gateway.ts'

/**
 * The customer's limits (ADR 022, revised): what counts against their level's limits
 * of today (Tehran) and this Jalali month is money, not intentions.
 *
 * - Moved: a bank order once its payment is verified (`paid`, then `in_progress`, `done`) and a
 *   cash-out once staff paid it out (`done`), in the day and month the money moved
 *   (`money_moved_at`). Money that went back (`refunded`) stops counting.
 * - Held (reserved): what a payment under way may still move, against today and this month alike
 *   (it will count in the day it moves, which may be today): a bank order waiting for its payment
 *   while one of its attempts can still be paid (opened less than a bank token's lifetime ago) or
 *   is being verified, and a cash-out from its start (`awaiting_payout_details`, `in_progress`)
 *   until it is paid out or dropped, since neither its move to staff nor staff paying it out
 *   checks the limits again.
 *
 * An order merely created holds nothing: an abandoned one costs the customer nothing. The stage
 * lists live in the one statement (CustomerIdentity.standing), beside the indexes built on them.
 */

export async function levelOf(
  runner: Knex | Knex.Transaction,
  userId: number,
): Promise<IdentityLevel> {
  return (await CustomerIdentity.levelOf(runner, userId)) as IdentityLevel
}

/** One order holding part of the limits while its payment is under way. */
export interface Reservation {
  orderId: number
  kind: 'bank_payment' | 'payout'
  amountIrr: number
  /** When the hold ends by itself (the bank token dies); null: when the order moves on. */
  until: Date | null
}

export interface Usage {
  /** Money moved today and this month. */
  day_irr: number
  month_irr: number
  /** Money held by payments under way (counts against both). */
  reserved_irr: number
  reservations: Reservation[]
}

export interface LimitStanding {
  level: IdentityLevel
  limits: LevelLimits
  usage: Usage
}

// The level, its limits, the moved money and the holds, in one statement
// (CustomerIdentity.standing): every order runs this (and, as ADR 026 measured, each query
// through knex costs the app more than the work in the database). Run it after `lockCustomer`,
// never inside the locking statement: a statement's snapshot predates its lock wait, so it would
// miss the attempt whose transaction it waited for.
export async function standingOf(
  runner: Knex | Knex.Transaction,
  userId: number,
  now: Date,
  excludeOrderId?: number,
): Promise<LimitStanding> {
  const row = await CustomerIdentity.standing(runner, {
    userId,
    dayStart: tehranDayBounds(tehranDayOf(now)).start,
    monthStart: tehranJalaliMonthStart(now),
    liveSince: new Date(now.getTime() - BANK_TOKEN_LIFETIME_MINUTES * 60_000),
    tokenLifetimeMinutes: BANK_TOKEN_LIFETIME_MINUTES,
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
    usage: {
      day_irr: Number(row.day_irr),
      month_irr: Number(row.month_irr),
      reserved_irr: Number(row.reserved_irr),
      reservations: row.reservations.map((held) => ({
        orderId: Number(held.order_id),
        kind: held.kind,
        amountIrr: Number(held.amount_irr),
        until: held.until === null ? null : new Date(held.until),
      })),
    },
  }
}

/** What is left of today's and this month's limits once moved and held money is taken off. */
const roomOf = ({ limits, usage }: LimitStanding) => ({
  day: limits.per_day_irr - usage.day_irr - usage.reserved_irr,
  month: limits.per_month_irr - usage.month_irr - usage.reserved_irr,
})

/** Remaining amounts, never below zero (limits lowered by staff leave nothing, not a debt). */
export const remainingOf = (standing: LimitStanding) => {
  const room = roomOf(standing)
  return {
    today_remaining_irr: Math.max(0, Math.min(room.day, room.month)),
    month_remaining_irr: Math.max(0, room.month),
  }
}

/** What the customer sees of their usage: moved money, held money and the orders holding it. */
export const usageOf = ({ usage }: LimitStanding) => ({
  today_used_irr: usage.day_irr,
  month_used_irr: usage.month_irr,
  reserved_irr: usage.reserved_irr,
  reservations: usage.reservations.map((held) => ({
    order_id: held.orderId,
    kind: held.kind,
    amount_irr: held.amountIrr,
    until: held.until?.toISOString() ?? null,
  })),
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
 * (before any order's, ADR 014's lock order), then refuses an amount above what remains of the
 * level's limits with 403 `identity_limit`. At create this only tells the customer early: the
 * order holds nothing yet. At start (the order itself excluded, its amount added) it is the check
 * that matters: the start holds the amount in the same transaction (its bank attempt, or the
 * cash-out's next stage), so under the lock two starts cannot both fit in what one leaves.
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
  const { limits, level } = standing
  const room = roomOf(standing)
  const checks: Array<[LimitKind, number, number]> = [
    ['per_order', limits.per_order_irr, limits.per_order_irr],
    ['per_day', limits.per_day_irr, room.day],
    ['per_month', limits.per_month_irr, room.month],
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
