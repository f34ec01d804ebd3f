import { ApiError } from '../../../http/errors.ts'
import { StaffSecondFactor } from '../../../models/staff-second-factor.model.ts'
import { isStaffRole, type User } from '../../../models/user.model.ts'
import { issueEnrolmentLink } from '../../auth/enrolment-links.ts'
import { ENROLMENT_LINK_MESSAGES } from '@arzpol/contracts/auth/staff'
import { refuseOwnAccount } from '../own-account.ts'
import { lockTarget } from './account-change.ts'
import type { StaffUserDeps } from './staff-user-deps.ts'

/**
 * An admin issues a one-time enrolment link for a staff account with no confirmed
 * authenticator (ADR 035): new staff, or staff whose second factor was reset. Never for the
 * admin's own account, and never for a customer. Revokes the account's older links; audited.
 */
export async function issueEnrolmentLinkFor(
  { db, clock, logger, enrolmentLinks }: StaffUserDeps,
  actor: User,
  id: number,
) {
  const now = clock.now()
  return db.transaction(async (trx) => {
    const target = await lockTarget(trx, id)
    refuseOwnAccount(actor, target.id, ENROLMENT_LINK_MESSAGES.ownAccount)
    if (!isStaffRole(target.role)) {
      throw new ApiError(403, ENROLMENT_LINK_MESSAGES.staffOnly, 'permission_denied')
    }
    const factor = await StaffSecondFactor.lockOfUser(trx, target.id)
    if (factor?.confirmed_at) {
      throw new ApiError(
        409,
        ENROLMENT_LINK_MESSAGES.alreadyEnrolled,
        'second_factor_already_enrolled',
      )
    }
    const link = await issueEnrolmentLink(trx, {
      userId: target.id,
      actor,
      now,
      settings: enrolmentLinks,
    })
    logger.info({ userId: target.id, by: actor.id }, 'staff enrolment link issued')
    return { url: link.url, expires_at: link.expiresAt }
  })
}
