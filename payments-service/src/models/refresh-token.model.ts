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
  declare created_at: Date

  /** Clean-up: deletes tokens that expired by `now` (used and revoked ones too); how many went. */
  static async deleteExpired(db: Knex, now: Date): Promise<number> {
    return await db('refresh_tokens').where('expires_at', '<=', now).delete()
  }
}
