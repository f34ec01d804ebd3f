import type { User } from '../../models/user.model.ts'
import type { AccountServiceDeps } from './account/account-deps.ts'
import { changePassword, type ChangeResult } from './account/change-password.ts'
import { login, type LoginResult } from './account/login.ts'
import { register, type RegisterResult } from './account/register.ts'
import { resetPassword, type ResetResult } from './account/reset-password.ts'

export type { AccountServiceDeps } from './account/account-deps.ts'
export type { ChangeResult } from './account/change-password.ts'
export type { LoginResult } from './account/login.ts'
export type { RegisterResult } from './account/register.ts'
export type { ResetResult } from './account/reset-password.ts'

export interface AccountService {
  register(input: {
    phone: string
    password: string
    code: string
    clientIp: string | null
  }): Promise<RegisterResult>
  /**
   * `identifiers`: what the client sent as phone and username, already normalised. Throws 429
   * `login_rate_limited` (before any password hashing) while the names or the IP are throttled.
   */
  login(input: {
    identifiers: string[]
    password: string
    clientIp: string | null
  }): Promise<LoginResult>
  resetPassword(input: {
    phone: string
    code: string
    newPassword: string
    clientIp: string | null
  }): Promise<ResetResult>
  /**
   * A signed-in owner's password change: needs the current password (counted by the login
   * throttle like a sign-in, 429 `login_rate_limited`), never a code, so an OTP lock of the
   * phone does not touch it. Ends every other session of the account; the session that made the
   * change (`sessionId`) goes on with a new token pair and keeps its second factor.
   */
  changePassword(input: {
    user: User
    sessionId: string
    oldPassword: string
    newPassword: string
    clientIp: string | null
  }): Promise<ChangeResult>
}

/** Registration, sign-in and passwords (account/): each use case bound to the deps. */
export function createAccountService(deps: AccountServiceDeps): AccountService {
  return {
    register: register.bind(null, deps),
    login: login.bind(null, deps),
    changePassword: changePassword.bind(null, deps),
    resetPassword: resetPassword.bind(null, deps),
  }
}
