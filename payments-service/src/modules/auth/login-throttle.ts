import { createHash } from 'node:crypto'
import { toPersianDigits } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { tooManyRequests } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { LoginAttempt as Failures, type LoginScope } from '../../models/login-attempt.model.ts'

/**
 * Brute-force limits for password login, counted in PostgreSQL (table `login_attempts`) so that
 * every instance shares them: at most `perAccount` failures per phone/username and `perIp` per
 * client IP within a rolling window of `windowSeconds`.
 *
 * Rolling window, not a lockout: a key is refused only while it has `limit` failures younger
 * than the window, and refused requests are not counted, so each failure stops counting on its
 * own `windowSeconds` after it happened. An attacker can therefore keep someone's account
 * refused only by spending a fresh guess every time one expires (10 per 15 minutes by default)
 * and never for longer than the window after they stop; the owner can always get back in at
 * once with a password reset (OTP to their phone), which clears the account's counter. The price
 * is a steady trickle of guesses: with the defaults, 40 per account per hour (10 more after each
 * successful sign-in or reset by the owner, which start the count again).
 *
 * Keys are what the request named (every normalised phone/username it sent), never a user id:
 * checking and counting do not look the account up, so a phone without an account is refused
 * after exactly as many failures, and a request that names the victim under any spelling the
 * login accepts is counted against the victim.
 */

export interface LoginLimits {
  perAccount: number
  perIp: number
  windowSeconds: number
}

/** The rows an attempt counted in advance; they are taken back when the password was right. */
export interface LoginAttempt {
  readonly rowIds: readonly number[]
}

export interface LoginThrottle {
  /**
   * Refuses with 429 `login_rate_limited` while a key of the request is at its limit. Otherwise
   * counts the attempt as a failure before the password is checked, so that parallel guesses
   * cannot all slip in under the limit while argon2 runs; `succeeded` / `notAFailure` take it
   * back. Costs no argon2 time, and answers the same whether or not the account exists.
   */
  begin(input: { identifiers: readonly string[]; clientIp: string | null }): Promise<LoginAttempt>
  /** The password was right but the login did not go through (blocked account). */
  notAFailure(db: Knex | Knex.Transaction, attempt: LoginAttempt): Promise<void>
  /** Signed in: the attempt stops counting and so do the account's failures (not the IP's). */
  succeeded(
    db: Knex | Knex.Transaction,
    attempt: LoginAttempt,
    account: { phone: string; username: string },
  ): Promise<void>
  /** Forgets the account's failures (password reset: the phone's holder proved themselves). */
  clearAccount(
    db: Knex | Knex.Transaction,
    account: { phone: string; username: string },
  ): Promise<void>
}

export interface LoginThrottleDeps {
  db: Knex
  clock: Clock
  limits: LoginLimits
}

/** `login_attempts.key` holds at most this; longer names (none is an account) are hashed. */
const MAX_KEY_LENGTH = 150

export const keyFor = (value: string) =>
  value.length <= MAX_KEY_LENGTH
    ? value
    : `sha256:${createHash('sha256').update(value, 'utf8').digest('hex')}`

const accountKeys = (account: { phone: string; username: string }) => [
  ...new Set([keyFor(account.phone), keyFor(account.username)]),
]

function rateLimited(retryAfter: number) {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60))
  return tooManyRequests(
    `تعداد تلاش‌های ناموفق ورود زیاد است. ${toPersianDigits(minutes)} دقیقه دیگر دوباره تلاش کنید.`,
    'login_rate_limited',
    retryAfter,
  )
}

export function createLoginThrottle(deps: LoginThrottleDeps): LoginThrottle {
  const { db, clock, limits } = deps
  const windowMs = limits.windowSeconds * 1000

  /**
   * Seconds until the key may fail again, or 0 when it is under its limit. The `limit`-th newest
   * failure in the window is the one that has to expire for the count to drop below the limit.
   */
  async function waitFor(trx: Knex.Transaction, scope: LoginScope, key: string, limit: number) {
    const now = clock.now()
    const limiting = await Failures.nthNewestSince(
      trx,
      { scope, key },
      new Date(now.getTime() - windowMs),
      limit,
    )
    if (!limiting) return 0
    return (limiting.getTime() + windowMs - now.getTime()) / 1000
  }

  const takeBack = async (trx: Knex | Knex.Transaction, attempt: LoginAttempt) => {
    if (attempt.rowIds.length > 0) {
      await Failures.takeBack(trx, attempt.rowIds)
    }
  }

  return {
    async begin({ identifiers, clientIp }) {
      const keys: Array<{ scope: LoginScope; key: string; limit: number }> = [
        ...new Set(identifiers.map(keyFor)),
      ].map((key) => ({ scope: 'account', key, limit: limits.perAccount }))
      if (clientIp) keys.push({ scope: 'ip', key: keyFor(clientIp), limit: limits.perIp })
      if (keys.length === 0) return { rowIds: [] }

      return db.transaction(async (trx) => {
        // Serialise check-and-count per key across instances (in an order every request
        // shares, so overlapping requests cannot deadlock).
        await Failures.lockKeys(trx, keys)
        let retryAfter = 0
        for (const { scope, key, limit } of keys) {
          retryAfter = Math.max(retryAfter, await waitFor(trx, scope, key, limit))
        }
        if (retryAfter > 0) throw rateLimited(retryAfter)

        const now = clock.now()
        const rowIds = await Failures.recordFailures(
          trx,
          keys.map(({ scope, key }) => ({ scope, key, created_at: now })),
        )
        return { rowIds }
      })
    },

    notAFailure: takeBack,

    async succeeded(trx, attempt, account) {
      await takeBack(trx, attempt)
      // Only the keys of the account that signed in: a request may also name someone else
      // (phone of one account, username of another), whose counter must survive.
      await Failures.clearAccountKeys(trx, accountKeys(account))
    },

    async clearAccount(trx, account) {
      await Failures.clearAccountKeys(trx, accountKeys(account))
    },
  }
}
