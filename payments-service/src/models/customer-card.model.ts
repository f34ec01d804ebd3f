import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/**
 * A bank card the customer owns (ADR 024): only its masked number and the SHA-256 hex
 * of its digits. A removed card keeps its row with `deleted_at` (AML record).
 */
export class CustomerCard extends BaseModel {
  static override tableName = 'customer_cards'

  declare id: number
  declare user_id: number
  declare masked_number: string
  declare hashed_pan: string
  declare bank_name: string
  declare created_at: Date
  declare deleted_at: Date | null

  /** The customer's cards not removed, oldest first, with `columns`. */
  static async activeOf<Column extends keyof CustomerCardRow>(
    db: Knex,
    userId: number,
    columns: readonly Column[],
  ): Promise<Array<Pick<CustomerCardRow, Column>>> {
    return (await active(db, userId)
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select(columns)) as Array<Pick<CustomerCardRow, Column>>
  }

  /** Is this card (by hash) among the customer's cards not removed? */
  static async isActive(db: Knex, userId: number, hashedPan: string): Promise<boolean> {
    return Boolean(await active(db, userId).where({ hashed_pan: hashedPan }).first('id'))
  }

  /** How many cards the customer has not removed. */
  static async activeCount(db: Knex, userId: number): Promise<number> {
    const row = (await active(db, userId).count({ count: '*' }).first()) as
      { count: string | number } | undefined
    return Number(row?.count ?? 0)
  }

  /**
   * Serialises one customer's card registrations until the transaction ends (an advisory lock
   * on the customer), so counting their cards and adding one cannot interleave.
   */
  static async lockRegistrationsOf(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?)', ['customer_cards.add', userId])
  }

  /** A new card; the partial unique index (customer_cards_user_hash_key) refuses it twice. */
  static async insertReturning<Column extends keyof CustomerCardRow>(
    db: Knex,
    row: Omit<CustomerCardRow, 'id' | 'deleted_at'>,
    columns: readonly Column[],
  ): Promise<Pick<CustomerCardRow, Column> | undefined> {
    const [card] = (await db('customer_cards').insert(row).returning(columns)) as Array<
      Pick<CustomerCardRow, Column>
    >
    return card
  }

  /** Removes one of the customer's cards not removed yet; answers how many rows moved. */
  static async remove(db: Knex, userId: number, id: number, at: Date): Promise<number> {
    return active(db, userId).where({ id }).update({ deleted_at: at })
  }

  /** The customer's latest `limit` cards, removed ones too, newest first (staff history). */
  static async recentOf(db: Knex, userId: number, limit: number) {
    return (await db('customer_cards')
      .where({ user_id: userId })
      .select('id', 'masked_number', 'bank_name', 'created_at', 'deleted_at')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)) as Array<
      Pick<CustomerCardRow, 'id' | 'masked_number' | 'bank_name' | 'created_at' | 'deleted_at'>
    >
  }
}

export interface CustomerCardRow {
  id: number
  user_id: number
  masked_number: string
  hashed_pan: string
  bank_name: string
  created_at: Date
  deleted_at: Date | null
}

const active = (db: Knex, userId: number) =>
  db('customer_cards').where({ user_id: userId }).whereNull('deleted_at')
