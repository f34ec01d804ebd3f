import { toPersianDigits } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { tooManyRequests } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { User } from '../../models/user.model.ts'
import type { SmsOutbox } from './sms/outbox.ts'

/**
 * OTP brute force (issue 16). With 4-digit codes, 5 guesses per code and a new code after each
 * failure, the per-code limit alone lets a script try ~600 codes per phone per day. So wrong
 * codes are also counted across codes and purposes (table `otp_failures`):
 *
 * - Per phone: the failure that brings the phone to `failuresPerPhone` within `failureWindow`
 *   locks its OTP flows (sending a code, register, reset) for `lockSeconds` (`otp_locks`), and
 *   the account's owner, if the phone has one, gets one SMS about it. Failures keep counting for
 *   the whole window, so once the lock ends a single further wrong code locks it again: the
 *   budget is per window, not per lock.
 * - Per client IP: at most `failuresPerIp` wrong codes within `ipWindowSeconds`, a rolling limit
 *   without a lock and without an SMS.
 *
 * Only OTP flows are locked. Password sign-in has its own throttle, and a signed-in owner never
 * needs a code, so the lock cannot be used to lock an owner out of the account.
 */

export interface OtpGuardLimits {
  failuresPerPhone: number
  failureWindowSeconds: number
  lockSeconds: number
  failuresPerIp: number
  ipWindowSeconds: number
}

export interface OtpGuardDeps {
  clock: Clock
  sms: SmsOutbox
  limits: OtpGuardLimits
}

export interface OtpGuard {
  /** Refuses with 429 `otp_locked` while the phone is locked. */
  assertPhoneOpen(trx: Knex | Knex.Transaction, phone: string): Promise<void>
  /**
   * Before a code is checked: takes the phone's lock (serialising its guesses, so a budget is
   * crossed once) and refuses with 429 while the phone is locked or the IP is over its budget.
   */
  beforeCheck(trx: Knex.Transaction, phone: string, clientIp: string | null): Promise<void>
  /** A wrong code: counted, and the lock engages when it reaches the phone's budget. */
  recordFailure(trx: Knex.Transaction, phone: string, clientIp: string | null): Promise<void>
}

const hoursText = (seconds: number) => toPersianDigits(Math.max(1, Math.ceil(seconds / 3600)))

export const otpLockedMessage = (seconds: number) =>
  `به دلیل ورود بیش از حد کد تایید نادرست، ثبت‌نام و بازیابی رمز عبور برای این شماره تا ${hoursText(seconds)} ساعت دیگر ممکن نیست. ورود با رمز عبور همچنان ممکن است.`

const ipLimitedMessage = (seconds: number) =>
  `تعداد کدهای تایید نادرست از این نشانی بیش از حد مجاز است. ${toPersianDigits(Math.max(1, Math.ceil(seconds / 60)))} دقیقه دیگر دوباره تلاش کنید.`

const secondsUntil = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000

export function createOtpGuard({ clock, sms, limits }: OtpGuardDeps): OtpGuard {
  const ago = (seconds: number) => new Date(clock.now().getTime() - seconds * 1000)

  async function activeLock(db: Knex | Knex.Transaction, phone: string) {
    return (await db('otp_locks')
      .where({ phone })
      .where('locked_until', '>', clock.now())
      .orderBy('locked_until', 'desc')
      .first('locked_until')) as { locked_until: Date } | undefined
  }

  async function assertPhoneOpen(db: Knex | Knex.Transaction, phone: string) {
    const lock = await activeLock(db, phone)
    if (lock) {
      const wait = secondsUntil(clock.now(), lock.locked_until)
      throw tooManyRequests(otpLockedMessage(wait), 'otp_locked', wait)
    }
  }

  return {
    assertPhoneOpen,

    async beforeCheck(trx, phone, clientIp) {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`otp:guard:${phone}`])
      await assertPhoneOpen(trx, phone)
      if (!clientIp) return
      const row = (await trx('otp_failures')
        .where('client_ip', clientIp)
        .where('created_at', '>', ago(limits.ipWindowSeconds))
        .first(trx.raw('count(*)::int AS count'), trx.raw('min(created_at) AS oldest'))) as {
        count: number
        oldest: Date | null
      }
      if (row.count >= limits.failuresPerIp && row.oldest) {
        const wait = secondsUntil(
          clock.now(),
          new Date(row.oldest.getTime() + limits.ipWindowSeconds * 1000),
        )
        throw tooManyRequests(ipLimitedMessage(wait), 'otp_ip_limited', wait)
      }
    },

    async recordFailure(trx, phone, clientIp) {
      const now = clock.now()
      await trx('otp_failures').insert({ phone, client_ip: clientIp, created_at: now })
      const row = (await trx('otp_failures')
        .where({ phone })
        .where('created_at', '>', ago(limits.failureWindowSeconds))
        .first(trx.raw('count(*)::int AS count'))) as { count: number }
      if (row.count < limits.failuresPerPhone) return
      // beforeCheck found no lock under the same advisory lock, so this is the lock's one row.
      await trx('otp_locks').insert({
        phone,
        failures: row.count,
        locked_until: new Date(now.getTime() + limits.lockSeconds * 1000),
        created_at: now,
      })
      const owner = await User.query(trx).select('id').findOne({ phone })
      if (!owner) return
      // Sent once the lock is committed (the caller commits even when it answers 400).
      const hours = Math.ceil(limits.lockSeconds / 3600)
      trx.executionPromise.then(
        () => sms.enqueueOtpLocked({ phone, hours }),
        () => undefined,
      )
    },
  }
}
