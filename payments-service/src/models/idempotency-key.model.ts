import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/** One `Idempotency-Key` of a customer for one operation (checkout/idempotency.ts). */
export class IdempotencyKey extends BaseModel {
  static override tableName = 'idempotency_keys'

  declare id: number
  declare user_id: number
  /** The operation: `payments_create`, or `payments_start:<order id>`. */
  declare scope: string
  declare key: string
  declare request_hash: string
  declare state: 'in_progress' | 'completed'
  declare response: Record<string, unknown> | null
  declare created_at: Date
  declare expires_at: Date

  /**
   * Inserts the key as `in_progress` unless the customer already has it for this operation;
   * answers the new row's id, or undefined when the key was there (one statement: a parallel
   * twin waits on the unique index).
   */
  static async insertIfAbsent(
    db: Knex,
    row: {
      userId: number
      scope: string
      key: string
      requestHash: string
      createdAt: Date
      expiresAt: Date
    },
  ): Promise<number | undefined> {
    const { rows } = (await db.raw(
      `INSERT INTO idempotency_keys (user_id, scope, key, request_hash, state, created_at, expires_at)
       VALUES (?, ?, ?, ?, 'in_progress', ?, ?)
       ON CONFLICT (user_id, scope, key) DO NOTHING
       RETURNING id`,
      [row.userId, row.scope, row.key, row.requestHash, row.createdAt, row.expiresAt],
    )) as { rows: Array<{ id: number }> }
    return rows[0]?.id
  }

  /** The customer's key for this operation (a plain row), or undefined. */
  static async findOf(
    db: Knex,
    where: { userId: number; scope: string; key: string },
  ): Promise<IdempotencyKeyRow | undefined> {
    return (await db('idempotency_keys')
      .where({ user_id: where.userId, scope: where.scope, key: where.key })
      .first()) as IdempotencyKeyRow | undefined
  }

  /** Deletes the key if it is still the row read (same id and created_at); answers how many went. */
  static async deleteIfUnchanged(db: Knex, id: number, createdAt: Date): Promise<number> {
    return db('idempotency_keys').where({ id, created_at: createdAt }).delete()
  }

  /** Stores the operation's answer: the key is `completed` from now on. */
  static async complete(db: Knex, id: number, response: unknown) {
    await db('idempotency_keys')
      .where({ id })
      .update({ state: 'completed', response: JSON.stringify(response) })
  }

  /** Deletes a key still `in_progress` (its operation failed, so it may be used again). */
  static async release(db: Knex, id: number) {
    await db('idempotency_keys').where({ id, state: 'in_progress' }).delete()
  }

  /** Deletes keys whose time is up at `now`; answers how many went. */
  static async purgeExpired(db: Knex, now: Date): Promise<number> {
    return db('idempotency_keys').where('expires_at', '<=', now).delete()
  }
}

/** An `idempotency_keys` row as plain data. */
export interface IdempotencyKeyRow {
  id: number
  user_id: number
  scope: string
  key: string
  request_hash: string
  state: 'in_progress' | 'completed'
  response: Record<string, unknown> | null
  created_at: Date
  expires_at: Date
}
