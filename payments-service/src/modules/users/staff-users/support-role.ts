import { ApiError } from '../../../http/errors.ts'
import { User, type Role, type StaffUserRow as UserRow } from '../../../models/user.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { audit, endSessions } from './account-change.ts'
import type { StaffUserDeps } from './staff-user-deps.ts'
import { userBody } from './user-body.ts'
import { userNotFound } from './user-lookup.ts'

/**
 * Admins give or take the support role by phone; admin accounts change only via the CLI. Every
 * session of the account ends with the change: a customer's session was opened without the
 * second factor staff need, and a former staff member's sessions should not outlive the role.
 * The account signs in again, as staff with the second factor (enrolling on the first time).
 */
export async function setSupport(
  { db, clock, logger }: StaffUserDeps,
  actor: User,
  phone: string,
  support: boolean,
  note: string | null,
) {
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
