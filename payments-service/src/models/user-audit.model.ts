import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/** What a `user_audit` row records (the table's CHECK constraint lists the same values). */
export const USER_AUDIT_ACTIONS = [
  'block',
  'unblock',
  'grant_support',
  'revoke_support',
  'second_factor_enrolled',
  'recovery_code_used',
  'close',
] as const
export type UserAuditAction = (typeof USER_AUDIT_ACTIONS)[number]

/** One audited change to an account: who did what to whom, when, and why. */
export class UserAudit extends BaseModel {
  static override tableName = 'user_audit'

  declare id: number
  declare user_id: number
  declare action: UserAuditAction
  /** Null when the acting account was deleted since. */
  declare actor_user_id: number | null
  declare note: string | null
  declare created_at: Date

  /** Writes one audit row (a plain INSERT, nothing returned). */
  static async record(
    db: Knex | Knex.Transaction,
    row: {
      user_id: number
      action: UserAuditAction
      actor_user_id: number | null
      note: string | null
      created_at: Date
    },
  ): Promise<void> {
    await db('user_audit').insert(row)
  }
}
