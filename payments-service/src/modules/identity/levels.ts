import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import {
  IdentityLevel as IdentityLevelModel,
  IdentityLevelChange,
} from '../../models/identity-level.model.ts'
import { IDENTITY_LEVELS, TOP_LEVEL, type IdentityLevel } from '@arzpol/contracts/identity/customer'
import { LEVEL_ORDER_MESSAGE } from '@arzpol/contracts/identity/staff'

/**
 * The limits of each identity level, in rials (ADR 022). Admins change them (staff.routes.ts);
 * a level without a row has these defaults, which the migration also seeded. Level 0 (a phone,
 * just registered) must still carry the spec's journeys: a first order of a few hundred dollars
 * (at 1 150 000 rials a dollar, 500 USD with fees is about 60 million toman).
 */

export interface LevelLimits {
  level: IdentityLevel
  per_order_irr: number
  per_day_irr: number
  per_month_irr: number
}

export interface LevelLimitsRow extends LevelLimits {
  updated_at: Date | null
  updated_by: string | null
}

export const DEFAULT_LEVEL_LIMITS: readonly LevelLimits[] = [
  {
    level: 0,
    per_order_irr: 1_000_000_000,
    per_day_irr: 2_000_000_000,
    per_month_irr: 5_000_000_000,
  },
  {
    level: 1,
    per_order_irr: 5_000_000_000,
    per_day_irr: 10_000_000_000,
    per_month_irr: 30_000_000_000,
  },
  {
    level: 2,
    per_order_irr: 20_000_000_000,
    per_day_irr: 50_000_000_000,
    per_month_irr: 200_000_000_000,
  },
]

/** A level's limits when its row is missing (the migration seeds them; staff change them). */
export function defaultLimitsOf(level: IdentityLevel): LevelLimits {
  const limits = DEFAULT_LEVEL_LIMITS.find((candidate) => candidate.level === level)
  if (!limits) throw new Error(`identity level ${level} has no default limits`)
  return limits
}

export const nextLevelOf = (level: IdentityLevel): IdentityLevel | null =>
  level >= TOP_LEVEL ? null : ((level + 1) as IdentityLevel)

/** Every level, the table's rows over the defaults. */
export async function allLevelLimits(
  runner: Knex | Knex.Transaction,
  options: { forUpdate?: boolean } = {},
): Promise<LevelLimitsRow[]> {
  const rows = await IdentityLevelModel.allWithEditor(runner, options)
  return IDENTITY_LEVELS.map((level) => {
    const row = rows.find((candidate) => Number(candidate.level) === level)
    if (row) return { ...row, level }
    return { ...defaultLimitsOf(level), updated_at: null, updated_by: null }
  })
}

export async function levelLimits(
  runner: Knex | Knex.Transaction,
  level: IdentityLevel,
): Promise<LevelLimits> {
  const row = await IdentityLevelModel.limitsOf(runner, level)
  return { ...(row ?? defaultLimitsOf(level)), level }
}

/**
 * Admin: one level's limits, audited. A level may not fall below the one under it nor rise
 * above the one over it (409 `level_order`): higher levels exist to allow more.
 */
export async function setLevelLimits(
  db: Knex,
  actor: { id: number },
  limits: LevelLimits,
  now: Date,
): Promise<LevelLimitsRow[]> {
  return db.transaction(async (trx) => {
    const before = await allLevelLimits(trx, { forUpdate: true })
    const below = before.find((row) => row.level === limits.level - 1)
    const above = before.find((row) => row.level === limits.level + 1)
    const atLeast = (a: LevelLimits, b: LevelLimits) =>
      a.per_order_irr >= b.per_order_irr &&
      a.per_day_irr >= b.per_day_irr &&
      a.per_month_irr >= b.per_month_irr
    if ((below && !atLeast(limits, below)) || (above && !atLeast(above, limits))) {
      throw new ApiError(409, LEVEL_ORDER_MESSAGE, 'level_order')
    }
    const old = before.find((row) => row.level === limits.level)
    await IdentityLevelModel.upsert(trx, {
      ...limits,
      updated_by_user_id: actor.id,
      updated_at: now,
    })
    const plain = (row: LevelLimits | undefined) =>
      row && {
        level: row.level,
        per_order_irr: row.per_order_irr,
        per_day_irr: row.per_day_irr,
        per_month_irr: row.per_month_irr,
      }
    await IdentityLevelChange.record(trx, {
      old: JSON.stringify(plain(old)),
      new: JSON.stringify(plain(limits)),
      changed_by_user_id: actor.id,
      created_at: now,
    })
    return allLevelLimits(trx)
  })
}
