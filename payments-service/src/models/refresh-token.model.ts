import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

export class RefreshToken extends BaseModel {
  static override tableName = 'refresh_tokens'

  declare id: number
  declare user_id: number
  declare family_id: string
  declare token_hash: string
  declare expires_at: Date
  /** Set when the token was exchanged for a new one; seeing it again means it was stolen. */
  declare used_at: Date | null
  declare revoked_at: Date | null
  /**
   * Whether the sign-in that began this family (the session) passed the staff second factor;
   * every token of a family carries the same value, copied at rotation.
   */
  declare second_factor: boolean
  declare created_at: Date

  /** Records a refresh token just handed out (its hash only: the token itself is never kept). */
  static async record(
    db: Knex,
    row: Pick<
      RefreshToken,
      'user_id' | 'family_id' | 'token_hash' | 'second_factor' | 'expires_at' | 'created_at'
    >,
  ): Promise<void> {
    await RefreshToken.query(db).insert(row)
  }

  /** The refresh token with this hash, or undefined. */
  static async byHash(db: Knex, tokenHash: string): Promise<RefreshToken | undefined> {
    return RefreshToken.query(db).findOne({ token_hash: tokenHash })
  }

  /** The refresh token with this hash, locked until the transaction ends (rotation). */
  static async lockByHash(
    trx: Knex.Transaction,
    tokenHash: string,
  ): Promise<RefreshToken | undefined> {
    return RefreshToken.query(trx).findOne({ token_hash: tokenHash }).forUpdate()
  }

  /**
   * Ends sessions: every token of the family that is not revoked yet is revoked at `now`. A
   * session is open while its family has a token neither used nor revoked, so access tokens of
   * the family stop working with the next request (auth middleware). Answers how many tokens.
   */
  static async endSession(db: Knex, familyId: string, now: Date): Promise<number> {
    return await RefreshToken.query(db)
      .where({ family_id: familyId })
      .whereNull('revoked_at')
      .patch({ revoked_at: now })
  }

  /** Ends every session of the account, or every one but `except` (a family id). */
  static async endSessionsOf(
    db: Knex,
    userId: number,
    now: Date,
    { except }: { except?: string } = {},
  ): Promise<number> {
    const query = RefreshToken.query(db).where({ user_id: userId }).whereNull('revoked_at')
    if (except !== undefined) query.whereNot({ family_id: except })
    return await query.patch({ revoked_at: now })
  }

  /**
   * The open token of a session (neither used nor revoked), locked FOR UPDATE as rotation locks
   * it; undefined when the session has ended.
   */
  static async lockOpenOf(
    trx: Knex.Transaction,
    userId: number,
    familyId: string,
  ): Promise<RefreshToken | undefined> {
    return await RefreshToken.query(trx)
      .where({ user_id: userId, family_id: familyId })
      .whereNull('used_at')
      .whereNull('revoked_at')
      .forUpdate()
      .first()
  }

  /** Clean-up: deletes tokens that expired by `now` (used and revoked ones too); how many went. */
  static async deleteExpired(db: Knex, now: Date): Promise<number> {
    return await db('refresh_tokens').where('expires_at', '<=', now).delete()
  }
}
