import { toPersianDigits } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { tooManyRequests } from '../../http/errors.ts'
import { addSeconds, type Clock } from '../../lib/clock.ts'
import { OtpChallenge, type OtpPurpose } from '../../models/otp-challenge.model.ts'
import { User } from '../../models/user.model.ts'
import type { OtpCodes } from './otp-code.ts'
import type { OtpGuard } from './otp-guard.ts'
import type { SmsOutbox } from './sms/outbox.ts'
import { newestFirst } from '../../db/newest-first.ts'

/** Spec §9: the countdown the client shows; a code is valid exactly that long. */
export const OTP_TTL_SECONDS = 120
/** Wrong guesses a code survives; the next guess is refused even when it is right. */
export const OTP_MAX_ATTEMPTS = 5

/** Send limits count the codes of the last hour; older challenges no longer matter. */
export const OTP_SEND_WINDOW_MS = 3_600_000

export interface OtpLimits {
  perPhonePerHour: number
  perIpPerHour: number
}

export interface OtpServiceDeps {
  db: Knex
  clock: Clock
  codes: OtpCodes
  sms: SmsOutbox
  limits: OtpLimits
  /** Failed-code budgets per phone and per IP (issue 16). */
  guard: OtpGuard
}

export interface SendOtpInput {
  phone: string
  purpose: OtpPurpose
  clientIp: string | null
}

export interface OtpService {
  /** Returns the code so that development mode can echo it; callers never log it. */
  send(input: SendOtpInput): Promise<{ expiresIn: number; code: string }>
  /**
   * Checks a code inside the caller's transaction and uses it up when right. A wrong guess is
   * counted in the same transaction, so the caller must commit even when it then answers 400.
   * Throws 429 (`otp_locked`, `otp_ip_limited`) before looking at the code while the phone is
   * locked or the client IP is over its budget of wrong codes.
   */
  consume(
    trx: Knex.Transaction,
    input: { phone: string; purpose: OtpPurpose; code: string; clientIp: string | null },
  ): Promise<boolean>
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

export function createOtpService(deps: OtpServiceDeps): OtpService {
  const { db, clock, codes, sms, limits, guard } = deps

  /** Sends counted over the last hour, and when the oldest of them stops counting. */
  async function recentSends(trx: Knex.Transaction, column: 'phone' | 'client_ip', value: string) {
    const since = new Date(clock.now().getTime() - OTP_SEND_WINDOW_MS)
    const row = await OtpChallenge.sentSince(trx, column, value, since)
    const count = row.count
    const freesAt = row.oldest ? new Date(row.oldest.getTime() + OTP_SEND_WINDOW_MS) : clock.now()
    return { count, retryAfter: secondsUntil(clock.now(), freesAt) }
  }

  return {
    async send({ phone, purpose, clientIp }) {
      const result = await db.transaction(async (trx) => {
        // Serialise sends per phone and per client IP across instances, so two parallel
        // requests cannot both squeeze under a limit.
        await OtpChallenge.lockSends(trx, phone, clientIp)
        const now = clock.now()
        // No code for a phone whose OTP flows are locked (too many wrong codes): the lock says
        // so at the first step. It does not depend on the account, so it reveals none.
        await guard.assertPhoneOpen(trx, phone)

        const latest = await OtpChallenge.query(trx)
          .where({ phone, purpose })
          .orderBy(newestFirst())
          .first()
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

        const byPhone = await recentSends(trx, 'phone', phone)
        if (byPhone.count >= limits.perPhonePerHour) throw hourlyLimitError(byPhone.retryAfter)
        if (clientIp) {
          const byIp = await recentSends(trx, 'client_ip', clientIp)
          if (byIp.count >= limits.perIpPerHour) throw hourlyLimitError(byIp.retryAfter)
        }

        // Every request creates a challenge, so countdowns and limits behave the same whether
        // or not the phone has an account. Only who receives an SMS differs: a reset code goes
        // to account holders only; a registration code goes out either way, and registering an
        // existing phone is refused only after its code proved the caller holds that phone.
        const exists = (await User.query(trx).select('id').findOne({ phone })) !== undefined
        const delivered = purpose === 'register' || exists
        const challenge = await OtpChallenge.query(trx).insertAndFetch({
          phone,
          purpose,
          nonce: codes.newNonce(),
          delivered,
          client_ip: clientIp,
          attempts: 0,
          expires_at: addSeconds(now, OTP_TTL_SECONDS),
          created_at: now,
        })
        return { challenge, code: await codes.codeFor(challenge.nonce) }
      })

      if (result.challenge.delivered) sms.enqueue({ phone, code: result.code })
      return { expiresIn: OTP_TTL_SECONDS, code: result.code }
    },

    async consume(trx, { phone, purpose, code, clientIp }) {
      await guard.beforeCheck(trx, phone, clientIp)
      const challenge = await OtpChallenge.query(trx)
        .where({ phone, purpose })
        .orderBy(newestFirst())
        .forUpdate()
        .first()
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
        await OtpChallenge.query(trx).findById(challenge.id).increment('attempts', 1)
        await guard.recordFailure(trx, phone, clientIp)
        return false
      }
      await OtpChallenge.query(trx).findById(challenge.id).patch({ consumed_at: now })
      return true
    },
  }
}
