import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { Payment } from '../../models/payment.model.ts'
import { RefreshToken } from '../../models/refresh-token.model.ts'
import { Ticket } from '../../models/ticket.model.ts'
import { UserAudit, type UserAuditAction } from '../../models/user-audit.model.ts'
import { User, type Role, type StaffUserRow as UserRow } from '../../models/user.model.ts'
import { summaryBody } from '../orders/fulfilment/staff-orders.service.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import {
  ACCOUNT_CLOSING_MESSAGES as CLOSING,
  type UserQueryInput,
} from '@arzpol/contracts/users/staff'
import { refuseWhileOpen } from './account-closing.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'

/** What staff do to an account from here (second-factor rows are written by auth). */
type AuditAction = Extract<
  UserAuditAction,
  'block' | 'unblock' | 'grant_support' | 'revoke_support' | 'close'
>

export const userBody = (row: UserRow) => ({
  id: row.id,
  phone: row.phone,
  username: row.username,
  email: row.email,
  role: row.role,
  blocked: row.blocked_at !== null,
  blocked_at: row.blocked_at,
  closed_at: row.closed_at,
  created_at: row.created_at,
  last_login_at: row.last_login_at,
})

const RECENT = 50

const userNotFound = () => new ApiError(404, STAFF_MESSAGES.userNotFound, 'not_found')

export function createStaffUserService(deps: { db: Knex; clock: Clock; logger: Logger }) {
  const { db, clock, logger } = deps

  async function list(query: UserQueryInput) {
    const { count, rows } = await User.pageForStaff(db, query, query)
    return { count, results: rows.map(userBody) }
  }

  async function detail(id: number, runner: Knex | Knex.Transaction = db) {
    const user = await User.staffRowOf(runner, id)
    if (!user) throw userNotFound()
    const [orders, orderCount, tickets, ticketCount, audit] = await Promise.all([
      Payment.recentSummariesOf(runner, id, RECENT),
      Payment.countOf(runner, id),
      Ticket.recentOf(runner, id, RECENT),
      Ticket.countOf(runner, id),
      UserAudit.recentOf(runner, id, RECENT),
    ])
    return {
      ...userBody(user),
      orders: orders.map(summaryBody),
      orders_count: orderCount,
      tickets: tickets.map((ticket) => ({
        id: ticket.id,
        title: ticket.title,
        status: ticket.status,
        waiting_for_staff: ticket.status === 'open' && !ticket.last_message_by_staff,
        created_at: ticket.created_at,
        updated_at: ticket.updated_at,
      })),
      tickets_count: ticketCount,
      audit: audit.map((entry) => ({
        id: entry.id,
        action: entry.action,
        actor:
          entry.actor_user_id !== null
            ? { id: entry.actor_user_id, username: entry.actor_username ?? '' }
            : null,
        note: entry.note,
        created_at: entry.created_at,
      })),
    }
  }

  /** The account's own audit row, and the same change as a link of the staff audit chain. */
  const audit = async (
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

  /**
   * Support may block customers; admins also support staff. Admin accounts are never blocked
   * from here (the CLI manages them), and nobody blocks themselves out.
   */
  function checkMayBlock(actor: User, target: UserRow) {
    if (actor.id === target.id) throw new ApiError(409, STAFF_MESSAGES.notYourself, 'not_yourself')
    const allowed =
      target.role === 'customer' || (target.role === 'support' && actor.role === 'admin')
    if (!allowed) throw new ApiError(403, STAFF_MESSAGES.blockStaff, 'permission_denied')
  }

  const lockTarget = async (trx: Knex.Transaction, id: number) => {
    const target = await User.lockStaffRow(trx, { id })
    if (!target) throw userNotFound()
    return target
  }

  /**
   * Every session of the account ends, and with it every access token at its next request
   * (auth middleware), on every replica and in the cms, which asks before taking a comment.
   */
  const endSessions = (trx: Knex.Transaction, id: number, now: Date) =>
    RefreshToken.endSessionsOf(trx, id, now)

  /**
   * Blocking takes effect at once: every request re-reads the account (auth middleware), login
   * and token refresh refuse a blocked account, and its sessions end here so even an unblock
   * does not bring old sessions, or their access tokens, back.
   */
  async function setBlocked(actor: User, id: number, blocked: boolean, note: string | null) {
    const now = clock.now()
    await db.transaction(async (trx) => {
      const target = await lockTarget(trx, id)
      checkMayBlock(actor, target)
      if ((target.blocked_at !== null) === blocked) return
      // A closed account stays blocked: the customer asked to leave, and its papers are kept.
      if (target.closed_at !== null) {
        throw new ApiError(409, CLOSING.unblockClosed, 'account_closed')
      }
      await User.setBlockedAt(trx, id, blocked ? now : null, now)
      if (blocked) await endSessions(trx, id, now)
      await audit(trx, { userId: id, action: blocked ? 'block' : 'unblock', actor, note, now })
      logger.info({ userId: id, by: actor.id, blocked }, 'account block changed by staff')
    })
    return detail(id)
  }

  /**
   * An admin closes a customer's account at the customer's request (issue 18): under its row
   * lock, refused while anything is open for them (account-closing.ts); closing also blocks it
   * and ends its sessions as a block does, so login and OTP refuse it with no code of their
   * own. Audited as `close` with the reason. The second of two admins at once gets 409.
   */
  async function close(actor: User, id: number, reason: string) {
    const now = clock.now()
    await db.transaction(async (trx) => {
      const target = await lockTarget(trx, id)
      if (actor.id === target.id) {
        throw new ApiError(409, CLOSING.notYourself, 'not_yourself')
      }
      if (target.role !== 'customer') {
        throw new ApiError(403, CLOSING.staffAccount, 'permission_denied')
      }
      if (target.closed_at !== null) {
        throw new ApiError(409, CLOSING.alreadyClosed, 'already_closed')
      }
      await refuseWhileOpen(trx, target)
      await User.markClosed(trx, id, { blockedAt: target.blocked_at ?? now, now })
      await endSessions(trx, id, now)
      await audit(trx, { userId: id, action: 'close', actor, note: reason, now })
      logger.info({ userId: id, by: actor.id }, 'account closed by staff')
    })
    return detail(id)
  }

  /**
   * Admins give or take the support role by phone; admin accounts change only via the CLI. Every
   * session of the account ends with the change: a customer's session was opened without the
   * second factor staff need, and a former staff member's sessions should not outlive the role.
   * The account signs in again, as staff with the second factor (enrolling on the first time).
   */
  async function setSupport(actor: User, phone: string, support: boolean, note: string | null) {
    const now = clock.now()
    return db.transaction(async (trx) => {
      const target = await User.lockStaffRow(trx, { phone })
      if (!target) throw userNotFound()
      if (target.role === 'admin') {
        throw new ApiError(409, STAFF_MESSAGES.roleLocked, 'role_locked')
      }
      const role: Role = support ? 'support' : 'customer'
      if (target.role === role) return userBody(target)
      const updated = await User.setRole(trx, target.id, role, now)
      await endSessions(trx, target.id, now)
      await audit(trx, {
        userId: target.id,
        action: support ? 'grant_support' : 'revoke_support',
        actor,
        note,
        now,
      })
      logger.info({ userId: target.id, by: actor.id, role }, 'support role changed')
      return userBody(updated as UserRow)
    })
  }

  return { list, detail, setBlocked, setSupport, close }
}

export type StaffUserService = ReturnType<typeof createStaffUserService>
