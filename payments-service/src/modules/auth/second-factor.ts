import type { AuthTokens } from '@arzpol/contracts'
import type { User } from '../../models/user.model.ts'
import { challengeFor } from './second-factor/challenge.ts'
import { createChallengeSigner } from './second-factor/challenge-signer.ts'
import { confirmEnrolment } from './second-factor/confirm-enrolment.ts'
import { beginEnrolment } from './second-factor/enrolment.ts'
import { createRecoveryCodeHasher } from './second-factor/recovery-codes.ts'
import type { SecondFactorContext, SecondFactorDeps } from './second-factor/second-factor-deps.ts'
import { verifySignIn } from './second-factor/verify-sign-in.ts'

export { CHALLENGE_TTL_SECONDS } from './second-factor/challenge-signer.ts'
export { formatRecoveryCode, RECOVERY_CODE_COUNT } from './second-factor/recovery-codes.ts'
export type { SecondFactorDeps } from './second-factor/second-factor-deps.ts'
export { needsSecondFactor, SECOND_FACTOR_ROLES } from './second-factor/staff-roles.ts'
export { TOTP_VAULT_PURPOSE } from './second-factor/totp.ts'

/**
 * The second factor of staff sign-in (ADR 015). Support staff and admins who give the
 * right password get a short-lived signed challenge instead of tokens. With it they enrol a TOTP
 * authenticator on their first sign-in, which also takes a one-time enrolment link an admin issued
 * for the account (ADR 035; the secret is shown once as an otpauth:// URI and as base32, and a
 * first code confirms it; ten recovery codes come back with the tokens), and answer a code, or a
 * recovery code, on every later one.
 *
 * - Codes are accepted one 30-second step either side of now; the step of the last accepted code
 *   is kept, and a code of that step or an earlier one is refused, so no code works twice.
 * - Wrong codes count in the password login's throttle (same keys, same limits): with the right
 *   password a guesser still gets at most LOGIN_MAX_FAILURES_PER_ACCOUNT codes per window.
 * - The secret is sealed with the credentials key, the user id and the purpose as associated data.
 * - Recovery codes: 50 random bits each, stored as an HMAC of user id and code under a server
 *   key (createRecoveryCodeHasher), used once.
 *
 * The steps live in second-factor/: the challenge (challenge.ts, signed by challenge-signer.ts),
 * enrolment.ts and confirm-enrolment.ts for the first sign-in, verify-sign-in.ts for later ones.
 */

export interface SecondFactorChallengeResult {
  enrolled: boolean
  challenge: string
  expiresIn: number
}

export interface SecondFactorService {
  /** For a staff member whose password was just right. */
  challengeFor(user: User): Promise<SecondFactorChallengeResult>
  /**
   * A new pending secret for a staff member who has not enrolled yet, shown once: it needs the
   * password's challenge and an enrolment link of the same account, which it uses up.
   */
  enrolment(input: {
    challenge: string
    link?: string | undefined
  }): Promise<{ secret: string; otpauthUri: string }>
  /** Confirms the enrolment with a first code: tokens and the recovery codes (shown once). */
  confirm(input: {
    challenge: string
    code: string
    clientIp: string | null
  }): Promise<{ tokens: AuthTokens; recoveryCodes: string[] }>
  /** A code or a recovery code completes the sign-in. */
  verify(input: {
    challenge: string
    code: string
    clientIp: string | null
  }): Promise<{ tokens: AuthTokens; recoveryCodesLeft: number | null }>
}

/** Each use case bound to the deps, with the challenge signer and recovery code hasher built once. */
export function createSecondFactorService(deps: SecondFactorDeps): SecondFactorService {
  const context: SecondFactorContext = {
    ...deps,
    signer: createChallengeSigner(deps.signingKey),
    recoveryCodes: createRecoveryCodeHasher(deps.signingKey),
  }
  return {
    challengeFor: challengeFor.bind(null, context),
    enrolment: beginEnrolment.bind(null, context),
    confirm: confirmEnrolment.bind(null, context),
    verify: verifySignIn.bind(null, context),
  }
}
