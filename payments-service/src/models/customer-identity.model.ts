import type { Knex } from 'knex'
import type { ModelObject } from 'objection'
import { BaseModel } from './base.model.ts'

/** A customer's verified identity (issue 18): level 1 by inquiry, level 2 by staff review. */
export class CustomerIdentity extends BaseModel {
  static override tableName = 'customer_identities'
  static override idColumn = 'user_id'

  declare user_id: number
  /** 1 or 2 (a customer without a row is at level 0). */
  declare level: number
  declare first_name: string
  declare last_name: string
  declare national_code: string
  /** Jalali, as the customer gave it (YYYY/MM/DD). */
  declare birth_date_jalali: string
  /** A Date when read; the insert gives it as YYYY-MM-DD text. */
  declare birth_date: Date | string
  declare level1_at: Date
  declare created_at: Date
  declare updated_at: Date

  /** The customer's level: 0 without a row. */
  static async levelOf(db: Knex, userId: number): Promise<number> {
    const row = (await db('customer_identities').where({ user_id: userId }).first('level')) as
      { level: number } | undefined
    return row ? Number(row.level) : 0
  }

  /** The customer's whole row, or undefined at level 0. */
  static async of(db: Knex, userId: number): Promise<CustomerIdentityRow | undefined> {
    return (await db('customer_identities').where({ user_id: userId }).first()) as
      CustomerIdentityRow | undefined
  }

  /** National code and Jalali birth date of a customer at level 1 or above. */
  static async verifiedOf(db: Knex, userId: number) {
    return (await db('customer_identities')
      .where({ user_id: userId })
      .where('level', '>=', 1)
      .first('national_code', 'birth_date_jalali')) as
      Pick<CustomerIdentityRow, 'national_code' | 'birth_date_jalali'> | undefined
  }

  /** Whose account holds this national code, if any. */
  static async holderOf(db: Knex, nationalCode: string) {
    return (await db('customer_identities')
      .where({ national_code: nationalCode })
      .first('user_id')) as Pick<CustomerIdentityRow, 'user_id'> | undefined
  }

  /** Level 1 reached: the row (unique national code and user id settle races). */
  static async recordLevel1(db: Knex, row: CustomerIdentityRow): Promise<void> {
    await db('customer_identities').insert(row)
  }

  /** Level 1 → 2 (staff approved); answers how many rows moved (0 when not at level 1). */
  static async raiseToLevel2(trx: Knex.Transaction, userId: number, now: Date): Promise<number> {
    return trx('customer_identities')
      .where({ user_id: userId, level: 1 })
      .update({ level: 2, updated_at: now })
  }

  /**
   * The level, its limits and what the customer's counted orders of today and this month add up
   * to, in one statement (modules/identity/limits.ts `standingOf`, a hot path: every order runs
   * it, ADR 026). Run it after the customer's row lock, never inside the locking statement.
   */
  static async standing(db: Knex, query: StandingQuery): Promise<StandingRow> {
    const { rows } = (await db.raw(STANDING_SQL, [
      query.userId,
      query.dayStart,
      query.monthStart,
      query.countedStages,
      query.excludeOrderId,
    ])) as { rows: StandingRow[] }
    const row = rows[0]
    if (!row) throw new Error('the standing query returns one row')
    return row
  }
}

/** A `customer_identities` row as plain data (its columns are the class's). */
export type CustomerIdentityRow = ModelObject<CustomerIdentity>

export interface StandingQuery {
  userId: number
  dayStart: Date
  monthStart: Date
  countedStages: string[]
  /** An order left out of the sums (0: none). */
  excludeOrderId: number
}

export interface StandingRow {
  level: number
  per_order_irr: number | null
  per_day_irr: number | null
  per_month_irr: number | null
  day_irr: number
  month_irr: number
}

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
