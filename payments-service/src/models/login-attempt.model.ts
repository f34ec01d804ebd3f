import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/** What a failure is counted against: a name the login request sent, or its client IP. */
export type LoginScope = 'account' | 'ip'

/** Advisory locks of the login throttle use their own (int, int) key space, apart from OTP's. */
const LOCK_SPACE = 0x4c_4f_47_4e // "LOGN"

/**
 * One failed sign-in counted against one key (login-throttle.ts): an account name
 * (`scope = 'account'`, a normalised phone or username) or a client IP (`scope = 'ip'`).
 */
export class LoginAttempt extends BaseModel {
  static override tableName = 'login_attempts'

  declare id: number
  declare scope: LoginScope
  /** At most 150 characters; longer names are hashed by the throttle. */
  declare key: string
  declare created_at: Date

  /**
   * Serialises check-and-count per key across instances until the transaction ends. Locks are
   * taken in the order of their hashes, the same for every request, so overlapping requests
   * cannot deadlock. The keys go as one array parameter: the driver sends a JS array as an
   * array literal, which inside `ARRAY[…]` would be one element (one lock per combination of
   * keys, so two addresses guessing at one account would never wait for each other).
   */
  static async lockKeys(
    trx: Knex.Transaction,
    keys: ReadonlyArray<{ scope: LoginScope; key: string }>,
  ): Promise<void> {
    await trx.raw(
      `SELECT pg_advisory_xact_lock(?, h)
         FROM (SELECT DISTINCT hashtext(k) AS h
                 FROM unnest(?::text[]) AS k
                ORDER BY h) AS sorted`,
      [LOCK_SPACE, keys.map(({ scope, key }) => `${scope}:${key}`)],
    )
  }

  /**
   * When the `nth` newest failure of a key younger than `since` happened, or undefined when the
   * key has fewer than `nth` of them.
   */
  static async nthNewestSince(
    db: Knex,
    { scope, key }: { scope: LoginScope; key: string },
    since: Date,
    nth: number,
  ): Promise<Date | undefined> {
    const row = (await db('login_attempts')
      .where({ scope, key })
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .offset(nth - 1)
      .first('created_at')) as { created_at: Date } | undefined
    return row?.created_at
  }

  /** Counts one failure per key (one INSERT); the new rows' ids, to take them back later. */
  static async recordFailures(
    db: Knex,
    rows: ReadonlyArray<{ scope: LoginScope; key: string; created_at: Date }>,
  ): Promise<number[]> {
    const inserted = (await db('login_attempts')
      .insert(rows.map(({ scope, key, created_at }) => ({ scope, key, created_at })))
      .returning('id')) as Array<{ id: number }>
    return inserted.map((row) => row.id)
  }

  /** Takes back failures counted in advance (the password was right). */
  static async takeBack(db: Knex, ids: readonly number[]): Promise<void> {
    await db('login_attempts').whereIn('id', ids).delete()
  }

  /** Forgets the failures counted against these account names (not the IPs'). */
  static async clearAccountKeys(db: Knex, keys: string[]): Promise<void> {
    await db('login_attempts').where('scope', 'account').whereIn('key', keys).delete()
  }

  /** Clean-up: deletes failures counted at or before `before`; how many went. */
  static async deleteCountedBefore(db: Knex, before: Date): Promise<number> {
    return await db('login_attempts').where('created_at', '<=', before).delete()
  }
}
