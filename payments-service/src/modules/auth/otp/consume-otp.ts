import type { Knex } from 'knex'
import { OtpChallenge, type OtpPurpose } from '../../../models/otp-challenge.model.ts'
import type { OtpServiceDeps } from './otp-deps.ts'
import { OTP_MAX_ATTEMPTS } from './otp-limits.ts'

/** Uses up the phone's newest code of the purpose when it is right; counts it when it is not. */
export async function consumeOtp(
  { clock, codes, guard }: OtpServiceDeps,
  trx: Knex.Transaction,
  {
    phone,
    purpose,
    code,
    clientIp,
  }: { phone: string; purpose: OtpPurpose; code: string; clientIp: string | null },
): Promise<boolean> {
  await guard.beforeCheck(trx, phone, clientIp)
  const challenge = await OtpChallenge.lockNewestOf(trx, phone, purpose)
  const now = clock.now()
  if (
    !challenge ||
    challenge.consumed_at !== null ||
    challenge.expires_at <= now ||
    challenge.attempts >= OTP_MAX_ATTEMPTS
  ) {
    return false
  }
  if (!(await codes.matches(challenge.nonce, code))) {
    await OtpChallenge.countWrongGuess(trx, challenge.id)
    await guard.recordFailure(trx, phone, clientIp)
    return false
  }
  await OtpChallenge.patchById(trx, challenge.id, { consumed_at: now })
  return true
}
