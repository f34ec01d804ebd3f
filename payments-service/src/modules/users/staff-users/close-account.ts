import { ApiError } from '../../../http/errors.ts'
import { User } from '../../../models/user.model.ts'
import { ACCOUNT_CLOSING_MESSAGES as CLOSING } from '@arzpol/contracts/users/staff'
import { refuseWhileOpen } from '../account-closing.ts'
import { audit, endSessions, lockTarget } from './account-change.ts'
import type { StaffUserDeps } from './staff-user-deps.ts'
import { userDetail } from './user-lookup.ts'

/**
 * An admin closes a customer's account at the customer's request (ADR 025): under its row
 * lock, refused while anything is open for them (account-closing.ts); closing also blocks it
 * and ends its sessions as a block does, so login and OTP refuse it with no code of their
 * own. Audited as `close` with the reason. The second of two admins at once gets 409.
 */
export async function closeAccount(deps: StaffUserDeps, actor: User, id: number, reason: string) {
  const { db, clock, logger } = deps
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
  return userDetail(deps, id)
}
