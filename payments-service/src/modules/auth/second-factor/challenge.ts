import { ApiError } from '../../../http/errors.ts'
import { StaffSecondFactor } from '../../../models/staff-second-factor.model.ts'
import { User } from '../../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/auth/customer'
import { CHALLENGE_TTL_SECONDS } from './challenge-signer.ts'
import { challengeInvalid } from './errors.ts'
import type { SecondFactorContext } from './second-factor-deps.ts'
import { needsSecondFactor } from './staff-roles.ts'

/** The signed challenge a right password earns, and whether the account has an authenticator. */
export async function challengeFor(
  { db, clock, signer }: SecondFactorContext,
  user: User,
): Promise<{ enrolled: boolean; challenge: string; expiresIn: number }> {
  const row = await StaffSecondFactor.ofUser(db, user.id)
  return {
    enrolled: row !== undefined && row.confirmed_at !== null,
    challenge: signer.sign({
      u: user.id,
      e: Math.floor(clock.now().getTime() / 1000) + CHALLENGE_TTL_SECONDS,
      p: user.password_changed_at.getTime(),
    }),
    expiresIn: CHALLENGE_TTL_SECONDS,
  }
}

/** The staff member a challenge names, or 401 when it is not (or no longer) valid. */
export async function userOf(
  { db, clock, signer }: SecondFactorContext,
  challenge: string,
): Promise<User> {
  const claims = signer.open(challenge)
  if (!claims || claims.e * 1000 <= clock.now().getTime()) throw challengeInvalid()
  const user = await User.withId(db, claims.u)
  if (!user || !needsSecondFactor(user) || user.password_changed_at.getTime() !== claims.p) {
    throw challengeInvalid()
  }
  if (user.isBlocked) throw new ApiError(403, MESSAGES.blocked, 'account_blocked')
  return user
}
