import type { AuthTokens } from '@arzpol/contracts'
import { StaffRecoveryCode, StaffSecondFactor } from '../../../models/staff-second-factor.model.ts'
import { UserAudit } from '../../../models/user-audit.model.ts'
import { userOf } from './challenge.ts'
import { alreadyEnrolled, enrolmentNotStarted } from './errors.ts'
import { formatRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes.ts'
import type { SecondFactorContext } from './second-factor-deps.ts'
import { identifiersOf, signIn } from './sign-in.ts'
import { checkTotp } from './totp.ts'

/** A first right code makes the pending authenticator the account's; new recovery codes too. */
export async function confirmEnrolment(
  deps: SecondFactorContext,
  { challenge, code, clientIp }: { challenge: string; code: string; clientIp: string | null },
): Promise<{ tokens: AuthTokens; recoveryCodes: string[] }> {
  const { db, clock, logger, throttle, recoveryCodes } = deps
  const user = await userOf(deps, challenge)
  // Counted as a failure until the code proves right, like a password.
  const attempt = await throttle.begin({ identifiers: identifiersOf(user), clientIp })
  return db.transaction(async (trx) => {
    const row = await StaffSecondFactor.lockOfUser(trx, user.id)
    if (!row) throw enrolmentNotStarted()
    if (row.confirmed_at !== null) throw alreadyEnrolled()
    const step = await checkTotp(deps, row, code)
    const now = clock.now()
    await StaffSecondFactor.confirm(trx, user.id, now, step)
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    await StaffRecoveryCode.replaceAll(
      trx,
      user.id,
      codes.map((value) => recoveryCodes.hash(user.id, value)),
      now,
    )
    await UserAudit.record(trx, {
      user_id: user.id,
      action: 'second_factor_enrolled',
      actor_user_id: user.id,
      note: null,
      created_at: now,
    })
    logger.info({ user_id: user.id, role: user.role }, 'staff second factor enrolled')
    return {
      tokens: await signIn(deps, trx, user, attempt),
      recoveryCodes: codes.map(formatRecoveryCode),
    }
  })
}
