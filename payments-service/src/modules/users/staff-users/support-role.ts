import { ApiError } from '../../../http/errors.ts'
import { User, type Role, type StaffUserRow as UserRow } from '../../../models/user.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { SupportRoleBody } from '@arzpol/contracts/users/staff'
import type { Approval, DoneOrProposed, ProposalExecutor } from '../../approvals/approval-deps.ts'
import { audit, endSessions } from './account-change.ts'
import type { StaffUserDeps } from './staff-user-deps.ts'
import { userBody } from './user-body.ts'
import { userNotFound } from './user-lookup.ts'

type RoleChanged = DoneOrProposed<ReturnType<typeof userBody>>

/**
 * Admins give or take the support role by phone; admin accounts change only via the CLI. Every
 * session of the account ends with the change: a customer's session was opened without the
 * second factor staff need, and a former staff member's sessions should not outlive the role.
 * The account signs in again, as staff with the second factor (enrolling on the first time).
 *
 * One admin only proposes the change; it happens when a second admin approves it (ADR 039), who
 * runs this again with `approval`. A change to the role the account already has is no change.
 */
export async function setSupport(
  { db, clock, logger, approvals }: StaffUserDeps,
  actor: User,
  phone: string,
  support: boolean,
  note: string | null,
  approval?: Approval,
): Promise<RoleChanged> {
  const now = clock.now()
  return db.transaction(async (trx): Promise<RoleChanged> => {
    const target = await User.lockStaffRow(trx, { phone })
    if (!target) throw userNotFound()
    if (target.role === 'admin') {
      throw new ApiError(409, STAFF_MESSAGES.roleLocked, 'role_locked')
    }
    const role: Role = support ? 'support' : 'customer'
    if (target.role === role) return { done: userBody(target) }
    if (!approval) {
      const proposed = await approvals.propose(trx, actor, {
        kind: support ? 'support_grant' : 'support_revoke',
        subject: { type: 'user', id: target.id },
        orderId: null,
        customerId: target.id,
        amountIrr: null,
        notify: false,
        payload: { phone, note },
        note,
      })
      return { proposed }
    }
    const updated = await User.setRole(trx, target.id, role, now)
    await endSessions(trx, target.id, now)
    await audit(trx, {
      userId: target.id,
      action: support ? 'grant_support' : 'revoke_support',
      actor,
      note,
      now,
    })
    logger.info(
      { userId: target.id, by: actor.id, approvedBy: approval.approver.id, role },
      'support role changed',
    )
    return { done: userBody(updated as UserRow) }
  })
}

/** Changes the role an approved proposal names, as its proposer asked. */
export const changeApprovedRole =
  (deps: Omit<StaffUserDeps, 'db'>, support: boolean): ProposalExecutor =>
  async (trx, proposer, payload, approval) => {
    const { phone, note } = SupportRoleBody.parse(payload)
    await setSupport({ ...deps, db: trx }, proposer, phone, support, note, approval)
  }
