import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/** One identity level's limits, in rials (ADR 022); set by admins. */
export class IdentityLevel extends BaseModel {
  static override tableName = 'identity_levels'
  static override idColumn = 'level'

  declare level: number
  declare per_order_irr: number
  declare per_day_irr: number
  declare per_month_irr: number
  declare updated_by_user_id: number | null
  declare updated_at: Date

  /** Every level's row with the username of who last set it; `forUpdate` locks the levels' rows. */
  static async allWithEditor(
    db: Knex,
    options: { forUpdate?: boolean } = {},
  ): Promise<LevelRowWithEditor[]> {
    let query = db('identity_levels as l')
      .leftJoin('users as u', 'u.id', 'l.updated_by_user_id')
      .select(
        'l.level',
        'l.per_order_irr',
        'l.per_day_irr',
        'l.per_month_irr',
        'l.updated_at',
        'u.username as updated_by',
      )
    if (options.forUpdate) query = query.forUpdate('l')
    return (await query) as LevelRowWithEditor[]
  }

  /** One level's limits, or undefined when its row is missing. */
  static async limitsOf(db: Knex, level: number) {
    return (await db('identity_levels')
      .where({ level })
      .first('per_order_irr', 'per_day_irr', 'per_month_irr')) as
      Pick<IdentityLevel, LimitColumn> | undefined
  }

  /** Sets one level's limits (inserting its row when missing). */
  static async upsert(
    trx: Knex.Transaction,
    row: Pick<IdentityLevel, 'level' | LimitColumn | 'updated_by_user_id' | 'updated_at'>,
  ): Promise<void> {
    await trx('identity_levels').insert(row).onConflict('level').merge()
  }
}

/** A level's limits with the username of who last set them. */
export type LevelRowWithEditor = Pick<IdentityLevel, 'level' | LimitColumn> & {
  updated_at: Date | null
  updated_by: string | null
}

/** The columns of a level's limits. */
type LimitColumn = 'per_order_irr' | 'per_day_irr' | 'per_month_irr'

/** Who changed a level's limits, from what to what (audit). */
export class IdentityLevelChange extends BaseModel {
  static override tableName = 'identity_level_changes'

  declare id: number
  declare old: unknown
  declare new: unknown
  declare changed_by_user_id: number | null
  declare created_at: Date

  /** `old` and `new` as JSON text (jsonb columns). */
  static async record(
    trx: Knex.Transaction,
    row: { old: string; new: string; changed_by_user_id: number; created_at: Date },
  ): Promise<void> {
    await trx('identity_level_changes').insert(row)
  }
}
