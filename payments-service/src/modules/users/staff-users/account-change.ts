import type { Knex } from 'knex'
import { RefreshToken } from '../../../models/refresh-token.model.ts'
import { UserAudit, type UserAuditAction } from '../../../models/user-audit.model.ts'
import { User } from '../../../models/user.model.ts'
import { appendStaffAudit } from '../../staff-audit/chain.ts'
import { userNotFound } from './user-lookup.ts'

// What every staff change of an account shares: its row lock, its audit, the end of its sessions.

/** What staff do to an account from here (second-factor rows are written by auth). */
type AuditAction = Extract<
  UserAuditAction,
  'block' | 'unblock' | 'grant_support' | 'revoke_support' | 'close'
>

/** The account's own audit row, and the same change as a link of the staff audit chain. */
export const audit = async (
  trx: Knex.Transaction,
  entry: { userId: number; action: AuditAction; actor: User; note: string | null; now: Date },
) => {
  await UserAudit.record(trx, {
    user_id: entry.userId,
    action: entry.action,
    actor_user_id: entry.actor.id,
    note: entry.note,
    created_at: entry.now,
  })
  await appendStaffAudit(trx, {
    actor: entry.actor,
    action: 'user_changed',
    subject: { type: 'user', id: entry.userId },
    data: { change: entry.action, note: entry.note },
    at: entry.now,
  })
}

export const lockTarget = async (trx: Knex.Transaction, id: number) => {
  const target = await User.lockStaffRow(trx, { id })
  if (!target) throw userNotFound()
  return target
}

/**
 * Every session of the account ends, and with it every access token at its next request
 * (auth middleware), on every replica and in the cms, which asks before taking a comment.
 */
export const endSessions = (trx: Knex.Transaction, id: number, now: Date) =>
  RefreshToken.endSessionsOf(trx, id, now)
