import { setBlocked } from './staff-users/block.ts'
import { closeAccount } from './staff-users/close-account.ts'
import { issueEnrolmentLinkFor } from './staff-users/enrolment-link.ts'
import type { StaffUserDeps } from './staff-users/staff-user-deps.ts'
import { changeApprovedRole, setSupport } from './staff-users/support-role.ts'
import { listUsers, userDetail } from './staff-users/user-lookup.ts'

export type { StaffUserDeps } from './staff-users/staff-user-deps.ts'
export { userBody } from './staff-users/user-body.ts'

/** What the staff user routes call (staff-users/): each use case bound to the deps. */
export function createStaffUserService(deps: StaffUserDeps) {
  return {
    list: listUsers.bind(null, deps),
    detail: userDetail.bind(null, deps),
    setBlocked: setBlocked.bind(null, deps),
    setSupport: setSupport.bind(null, deps),
    close: closeAccount.bind(null, deps),
    issueEnrolmentLinkFor: issueEnrolmentLinkFor.bind(null, deps),
    /** How approved role-change proposals are carried out. */
    executors: {
      support_grant: changeApprovedRole(deps, true),
      support_revoke: changeApprovedRole(deps, false),
    },
  }
}

export type StaffUserService = ReturnType<typeof createStaffUserService>
