import { ApiError } from '../../../http/errors.ts'
import { User, type StaffUserRow as UserRow } from '../../../models/user.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { ACCOUNT_CLOSING_MESSAGES as CLOSING } from '@arzpol/contracts/users/staff'
import { audit, endSessions, lockTarget } from './account-change.ts'
import type { StaffUserDeps } from './staff-user-deps.ts'
import { userDetail } from './user-lookup.ts'

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

/**
 * Blocking takes effect at once: every request re-reads the account (auth middleware), login
 * and token refresh refuse a blocked account, and its sessions end here so even an unblock
 * does not bring old sessions, or their access tokens, back.
 */
export async function setBlocked(
  deps: StaffUserDeps,
  actor: User,
  id: number,
  blocked: boolean,
  note: string | null,
) {
  const { db, clock, logger } = deps
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
  return userDetail(deps, id)
}
