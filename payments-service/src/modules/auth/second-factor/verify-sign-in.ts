import { toPersianDigits, type AuthTokens } from '@arzpol/contracts'
import { RECOVERY_CODE_PATTERN } from '@arzpol/contracts/auth/staff'
import { StaffRecoveryCode, StaffSecondFactor } from '../../../models/staff-second-factor.model.ts'
import { UserAudit } from '../../../models/user-audit.model.ts'
import { userOf } from './challenge.ts'
import { notEnrolled, wrongCode } from './errors.ts'
import type { SecondFactorContext } from './second-factor-deps.ts'
import { identifiersOf, signIn } from './sign-in.ts'
import { checkTotp } from './totp.ts'

/** A later sign-in: a TOTP code, or a code shaped like a recovery code used up as one. */
export async function verifySignIn(
  deps: SecondFactorContext,
  { challenge, code, clientIp }: { challenge: string; code: string; clientIp: string | null },
): Promise<{ tokens: AuthTokens; recoveryCodesLeft: number | null }> {
  const { db, clock, logger, throttle, recoveryCodes } = deps
  const user = await userOf(deps, challenge)
  const attempt = await throttle.begin({ identifiers: identifiersOf(user), clientIp })
  return db.transaction(async (trx) => {
    const row = await StaffSecondFactor.lockOfUser(trx, user.id)
    if (!row || row.confirmed_at === null) throw notEnrolled()
    const now = clock.now()

    if (!RECOVERY_CODE_PATTERN.test(code)) {
      const step = await checkTotp(deps, row, code)
      await StaffSecondFactor.useStep(trx, user.id, step)
      return { tokens: await signIn(deps, trx, user, attempt), recoveryCodesLeft: null }
    }

    const used =
      (await StaffRecoveryCode.use(trx, user.id, recoveryCodes.hash(user.id, code), now)) ||
      (await StaffRecoveryCode.use(trx, user.id, recoveryCodes.legacy(user.id, code), now))
    if (!used) throw wrongCode()
    const recoveryCodesLeft = await StaffRecoveryCode.countUnused(trx, user.id)
    await UserAudit.record(trx, {
      user_id: user.id,
      action: 'recovery_code_used',
      actor_user_id: user.id,
      note: `${toPersianDigits(recoveryCodesLeft)} کد بازیابی باقی مانده است`,
      created_at: now,
    })
    logger.warn(
      { user_id: user.id, role: user.role, recovery_codes_left: recoveryCodesLeft },
      'staff signed in with a recovery code',
    )
    return { tokens: await signIn(deps, trx, user, attempt), recoveryCodesLeft }
  })
}
