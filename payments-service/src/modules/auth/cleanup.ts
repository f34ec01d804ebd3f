import type { Knex } from 'knex'
import type { AppDeps } from '../../http/context.ts'
import type { Clock } from '../../lib/clock.ts'
import { LoginAttempt } from '../../models/login-attempt.model.ts'
import { OtpChallenge } from '../../models/otp-challenge.model.ts'
import { OtpFailure, OtpLock } from '../../models/otp-failure.model.ts'
import { RefreshToken } from '../../models/refresh-token.model.ts'
import { OTP_SEND_WINDOW_MS } from './otp.service.ts'

/** Rows live at most this much longer than they matter; the tables stay small either way. */
export const CLEANUP_INTERVAL_MS = 10 * 60_000

/** The clean-up's job queue (jobs/background.ts). */
export const AUTH_CLEANUP_QUEUE = 'auth-cleanup'

export interface AuthCleanupDeps {
  db: Knex
  clock: Clock
  /** LOGIN_FAILURE_WINDOW_MINUTES in seconds: older failures no longer count. */
  loginWindowSeconds: number
  /**
   * The longer of OTP_FAILURE_WINDOW_HOURS and OTP_IP_FAILURE_WINDOW_MINUTES, in seconds: older
   * wrong codes no longer count (otp-guard.ts). Default: 24 hours.
   */
  otpFailureWindowSeconds?: number
}

export interface AuthCleanupResult {
  otp_challenges: number
  login_attempts: number
  refresh_tokens: number
  otp_failures: number
  otp_locks: number
}

/**
 * Deletes auth rows that no rule reads any more. Plain `DELETE … WHERE` on rows nothing will
 * update again, so two runs at once (a lease handed over, ADR 032) are harmless: one of them
 * deletes a row and the other skips it.
 */
export async function deleteExpiredAuthRows({
  db,
  clock,
  loginWindowSeconds,
  otpFailureWindowSeconds = 24 * 3600,
}: AuthCleanupDeps): Promise<AuthCleanupResult> {
  const now = clock.now()
  const ago = (ms: number) => new Date(now.getTime() - ms)

  // A challenge outlives its code: the hourly send limits count it until it is an hour old.
  const otpChallenges = await OtpChallenge.deleteSpent(db, now, ago(OTP_SEND_WINDOW_MS))

  const loginAttempts = await LoginAttempt.deleteCountedBefore(db, ago(loginWindowSeconds * 1000))

  // Used and revoked tokens are kept until they expire, so replaying a rotated token revokes its
  // family for as long as that token could have been valid. Past `expires_at` every token is
  // refused anyway (REFRESH_TOKEN_TTL_DAYS after it was issued).
  const refreshTokens = await RefreshToken.deleteExpired(db, now)

  const otpFailures = await OtpFailure.deleteGivenBefore(db, ago(otpFailureWindowSeconds * 1000))
  const otpLocks = await OtpLock.deleteEnded(db, now)

  return {
    otp_challenges: otpChallenges,
    login_attempts: loginAttempts,
    refresh_tokens: refreshTokens,
    otp_failures: otpFailures,
    otp_locks: otpLocks,
  }
}

/** The clean-up as a job every CLEANUP_INTERVAL_MS, one run at a time across instances. */
export function scheduleAuthCleanup(deps: AppDeps): void {
  const { db, clock, logger, config } = deps
  deps.jobs.every(AUTH_CLEANUP_QUEUE, CLEANUP_INTERVAL_MS / 1000, async () => {
    const deleted = await deleteExpiredAuthRows({
      db,
      clock,
      loginWindowSeconds: config.LOGIN_FAILURE_WINDOW_MINUTES * 60,
      otpFailureWindowSeconds: Math.max(
        config.OTP_FAILURE_WINDOW_HOURS * 3600,
        config.OTP_IP_FAILURE_WINDOW_MINUTES * 60,
      ),
    })
    if (Object.values(deleted).some((count) => count > 0)) {
      logger.info({ deleted }, 'expired auth rows deleted')
    }
  })
}
