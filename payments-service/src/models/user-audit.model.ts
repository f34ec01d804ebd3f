import type { UserAuditAction } from '@arzpol/contracts/users/staff'
import type { Knex } from 'knex'
import { newestFirst } from '../db/newest-first.ts'
import { BaseModel } from './base.model.ts'

export type { UserAuditAction }

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
  static async record(db: Knex, row: Omit<UserAuditRow, 'id'>): Promise<void> {
    await db('user_audit').insert(row)
  }

  /** The account's newest `limit` audit rows, each with the username of whoever acted. */
  static async recentOf(
    db: Knex,
    userId: number,
    limit: number,
  ): Promise<Array<UserAuditRowWithActor>> {
    return (await db('user_audit as a')
      .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
      .where('a.user_id', userId)
      .select('a.*', 'actor.username as actor_username')
      .orderBy(newestFirst('a'))
      .limit(limit)) as UserAuditRowWithActor[]
  }
}

/** A `user_audit` row as the queries above read it (plain columns, not a model). */
export type UserAuditRow = Pick<
  UserAudit,
  'id' | 'user_id' | 'action' | 'actor_user_id' | 'note' | 'created_at'
>

/** An audit row with the acting account's username (null when none is recorded or it is gone). */
export type UserAuditRowWithActor = UserAuditRow & { actor_username: string | null }
