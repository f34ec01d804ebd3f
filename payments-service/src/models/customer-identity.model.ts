import type { Knex } from 'knex'
import type { ModelObject } from 'objection'
import { BaseModel } from './base.model.ts'

/** A customer's verified identity (ADR 022): level 1 by inquiry, level 2 by staff review. */
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
   * The level, its limits, the customer's money that moved today and this month, and what their
   * payments under way hold, in one statement (modules/identity/limits.ts `standingOf`, a hot
   * path: every order runs it, ADR 026). Run it after the customer's row lock, never inside the
   * locking statement.
   */
  static async standing(db: Knex, query: StandingQuery): Promise<StandingRow> {
    const { rows } = (await db.raw(STANDING_SQL, { ...query })) as { rows: StandingRow[] }
    const row = rows[0]
    if (!row) throw new Error('the standing query returns one row')
    return row
  }
}

/** A `customer_identities` row as plain data (its columns are the class's). */
export type CustomerIdentityRow = ModelObject<CustomerIdentity>

export interface StandingQuery {
  userId: number
  /** Start of today and of this Jalali month (Tehran). */
  dayStart: Date
  monthStart: Date
  /** A bank attempt opened after this may still be paid: it holds its order's amount. */
  liveSince: Date
  /** How long a bank token lives: an attempt holds until its start plus this. */
  tokenLifetimeMinutes: number
  /** An order left out of the sums (0: none). */
  excludeOrderId: number
}

/** What a payment under way holds: its order, why, how much, and until when (null: no end). */
export interface ReservationRow {
  order_id: number
  kind: 'bank_payment' | 'payout'
  amount_irr: number
  /** The JSON text of a timestamp, or null. */
  until: string | null
}

export interface StandingRow {
  level: number
  per_order_irr: number | null
  per_day_irr: number | null
  per_month_irr: number | null
  day_irr: number
  month_irr: number
  reserved_irr: number
  reservations: ReservationRow[]
}

// The rule is modules/identity/limits.ts's; its stage lists are written here as literals because
// the partial indexes of migration 20261204140000 are built on them (a plan may use an index only
// when the query's own condition implies the index's).
// - Moved: `paid`, `in_progress`, `done` with `money_moved_at` (a refunded order's money went
//   back), by the time it moved: payments_user_moved_idx, index only. The order being started
//   is awaiting payment, so never among them.
// - Held: a bank order awaiting its payment with an attempt still payable (opened after
//   `liveSince`) or being verified (the bank answered; held until the outcome is booked), found
//   through the open attempts (gateway_transactions_open_idx); and a cash-out started and not
//   yet paid out or dropped (payments_user_held_payouts_idx).
const STANDING_SQL = `
  SELECT COALESCE(ci.level, 0) AS level,
         l.per_order_irr, l.per_day_irr, l.per_month_irr,
         moved.day_irr, moved.month_irr, held.reserved_irr, held.reservations
    FROM (SELECT CAST(:userId AS integer) AS user_id) AS me
    LEFT JOIN customer_identities ci ON ci.user_id = me.user_id
    LEFT JOIN identity_levels l ON l.level = COALESCE(ci.level, 0)
   CROSS JOIN LATERAL (
         SELECT COALESCE(SUM(p.amount_irr) FILTER (WHERE p.money_moved_at >= :dayStart), 0)::bigint
                  AS day_irr,
                COALESCE(SUM(p.amount_irr), 0)::bigint AS month_irr
           FROM payments p
          WHERE p.user_id = me.user_id AND p.stage IN ('paid', 'in_progress', 'done')
            AND p.money_moved_at >= :monthStart) AS moved
   CROSS JOIN LATERAL (
         SELECT COALESCE(SUM(r.amount_irr), 0)::bigint AS reserved_irr,
                COALESCE(json_agg(json_build_object('order_id', r.id, 'kind', r.kind,
                  'amount_irr', r.amount_irr, 'until', r.until) ORDER BY r.id), '[]'::json)
                  AS reservations
           FROM (SELECT p.id, 'bank_payment' AS kind, p.amount_irr,
                        CASE WHEN bool_or(g.status = 'verifying') THEN NULL
                             ELSE max(g.created_at)
                                  + make_interval(mins => CAST(:tokenLifetimeMinutes AS integer))
                        END AS until
                   FROM payments p
                   JOIN gateway_transactions g ON g.payment_id = p.id
                  WHERE p.user_id = me.user_id AND p.stage = 'awaiting_payment'
                    AND p.id <> :excludeOrderId
                    AND g.status IN ('created', 'token_created', 'verifying')
                    AND (g.status = 'verifying' OR g.created_at > :liveSince)
                  GROUP BY p.id
                 UNION ALL
                 SELECT p.id, 'payout', p.amount_irr, NULL
                   FROM payments p
                  WHERE p.user_id = me.user_id AND p.payment_type = 'payout'
                    AND p.stage IN ('awaiting_payout_details', 'in_progress')
                    AND p.id <> :excludeOrderId) AS r
         ) AS held`
