import { toPersianDigits } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { tooManyRequests } from '../../../http/errors.ts'
import { addSeconds } from '../../../lib/clock.ts'
import { OtpChallenge, type OtpPurpose } from '../../../models/otp-challenge.model.ts'
import { User } from '../../../models/user.model.ts'
import type { OtpServiceDeps } from './otp-deps.ts'
import { OTP_MAX_ATTEMPTS, OTP_SEND_WINDOW_MS, OTP_TTL_SECONDS } from './otp-limits.ts'

export interface SendOtpInput {
  phone: string
  purpose: OtpPurpose
  clientIp: string | null
}

const secondsUntil = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000

function hourlyLimitError(retryAfter: number) {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60))
  return tooManyRequests(
    `تعداد درخواست‌های کد تایید بیش از حد مجاز است. ${toPersianDigits(minutes)} دقیقه دیگر دوباره تلاش کنید.`,
    'otp_rate_limited',
    retryAfter,
  )
}

/** Sends counted over the last hour, and when the oldest of them stops counting. */
async function recentSends(
  { clock }: OtpServiceDeps,
  trx: Knex.Transaction,
  column: 'phone' | 'client_ip',
  value: string,
) {
  const since = new Date(clock.now().getTime() - OTP_SEND_WINDOW_MS)
  const row = await OtpChallenge.sentSince(trx, column, value, since)
  const count = row.count
  const freesAt = row.oldest ? new Date(row.oldest.getTime() + OTP_SEND_WINDOW_MS) : clock.now()
  return { count, retryAfter: secondsUntil(clock.now(), freesAt) }
}

/** A new code for a phone, within the resend countdown and the hourly limits. */
export async function sendOtp(
  deps: OtpServiceDeps,
  { phone, purpose, clientIp }: SendOtpInput,
): Promise<{ expiresIn: number; code: string }> {
  const { db, clock, codes, sms, limits, guard } = deps
  const result = await db.transaction(async (trx) => {
    // Serialise sends per phone and per client IP across instances, so two parallel
    // requests cannot both squeeze under a limit.
    await OtpChallenge.lockSends(trx, phone, clientIp)
    const now = clock.now()
    // No code for a phone whose OTP flows are locked (too many wrong codes): the lock says
    // so at the first step. It does not depend on the account, so it reveals none.
    await guard.assertPhoneOpen(trx, phone)

    const latest = await OtpChallenge.newestOf(trx, phone, purpose)
    const stillRunning =
      latest &&
      latest.consumed_at === null &&
      latest.attempts < OTP_MAX_ATTEMPTS &&
      latest.expires_at > now
    if (stillRunning) {
      const wait = Math.ceil(secondsUntil(now, latest.expires_at))
      throw tooManyRequests(
        `برای دریافت دوباره کد ${toPersianDigits(wait)} ثانیه صبر کنید.`,
        'otp_resend_too_early',
        wait,
      )
    }

    const byPhone = await recentSends(deps, trx, 'phone', phone)
    if (byPhone.count >= limits.perPhonePerHour) throw hourlyLimitError(byPhone.retryAfter)
    if (clientIp) {
      const byIp = await recentSends(deps, trx, 'client_ip', clientIp)
      if (byIp.count >= limits.perIpPerHour) throw hourlyLimitError(byIp.retryAfter)
    }

    // Every request creates a challenge, so countdowns and limits behave the same whether
    // or not the phone has an account. Only who receives an SMS differs: a reset code goes
    // to account holders only; a registration code goes out either way, and registering an
    // existing phone is refused only after its code proved the caller holds that phone.
    const exists = await User.hasPhone(trx, phone)
    const delivered = purpose === 'register' || exists
    const challenge = await OtpChallenge.insertFetched(trx, {
      phone,
      purpose,
      nonce: codes.newNonce(),
      delivered,
      client_ip: clientIp,
      attempts: 0,
      expires_at: addSeconds(now, OTP_TTL_SECONDS),
      created_at: now,
    })
    // The SMS is a job of this transaction, written for every challenge alike (a reset for
    // an unknown phone too: same rows, same time); its worker sends only a delivered one.
    await sms.enqueueOtp(trx, { phone, challengeId: challenge.id })
    return { challenge, code: await codes.codeFor(challenge.nonce) }
  })

  return { expiresIn: OTP_TTL_SECONDS, code: result.code }
}
