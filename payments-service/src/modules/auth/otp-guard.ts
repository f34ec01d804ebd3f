import { toPersianDigits } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { tooManyRequests } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { OtpFailure, OtpLock } from '../../models/otp-failure.model.ts'
import type { SmsOutbox } from './sms/outbox.ts'

/**
 * OTP brute force. With 4-digit codes, 5 guesses per code and a new code after each
 * failure, the per-code limit alone lets a script try ~600 codes per phone per day. So wrong
 * codes are also counted across codes and purposes (table `otp_failures`):
 *
 * - Per phone: the failure that brings the phone to `failuresPerPhone` within `failureWindow`
 *   locks its OTP flows (sending a code, register, reset) for `lockSeconds` (`otp_locks`), and
 *   the account's owner, if the phone has one, gets one SMS about it. Failures keep counting for
 *   the whole window, so once the lock ends a single further wrong code locks it again: the
 *   budget is per window, not per lock.
 * - Per client IP: at most `failuresPerIp` wrong codes within `ipWindowSeconds`, a rolling limit
 *   without a lock and without an SMS; guesses from one address are serialised like a phone's,
 *   so a burst across many phones stops at the budget exactly.
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
   * Before a code is checked: takes the phone's lock and the address's (serialising their
   * guesses, so each budget is crossed once) and refuses with 429 while the phone is locked or
   * the IP is over its budget.
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

  async function assertPhoneOpen(db: Knex | Knex.Transaction, phone: string) {
    const lockedUntil = await OtpLock.activeUntil(db, phone, clock.now())
    if (lockedUntil) {
      const wait = secondsUntil(clock.now(), lockedUntil)
      throw tooManyRequests(otpLockedMessage(wait), 'otp_locked', wait)
    }
  }

  return {
    assertPhoneOpen,

    async beforeCheck(trx, phone, clientIp) {
      await OtpFailure.lockPhone(trx, phone)
      await assertPhoneOpen(trx, phone)
      if (!clientIp) return
      // Phone first, then address, in every request, so two guesses cannot deadlock. Held to the
      // end of the transaction: a right code then hashes the new password under it, which only
      // queues the (rare) registrations and resets that share one address.
      await OtpFailure.lockAddress(trx, clientIp)
      const row = await OtpFailure.fromIpSince(trx, clientIp, ago(limits.ipWindowSeconds))
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
      await OtpFailure.record(trx, { phone, client_ip: clientIp, created_at: now })
      const failures = await OtpFailure.countForPhoneSince(
        trx,
        phone,
        ago(limits.failureWindowSeconds),
      )
      if (failures < limits.failuresPerPhone) return
      // beforeCheck found no lock under the same advisory lock, so this is the lock's one row.
      await OtpLock.record(trx, {
        phone,
        failures,
        locked_until: new Date(now.getTime() + limits.lockSeconds * 1000),
        created_at: now,
      })
      // A job of the lock's transaction (the caller commits even when it answers 400), written
      // whether or not the phone has an account, so the answer takes the same time either way;
      // its worker sends it to an account's owner only.
      await sms.enqueueOtpLocked(trx, { phone, hours: Math.ceil(limits.lockSeconds / 3600) })
    },
  }
}
