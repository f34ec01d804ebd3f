import type { AuthTokens } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { isUniqueViolation } from '../../db/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { User } from '../../models/user.model.ts'
import type { LoginThrottle } from './login-throttle.ts'
import type { OtpService } from './otp.service.ts'
import type { PasswordHasher } from './password.ts'
import { needsSecondFactor, type SecondFactorService } from './second-factor.ts'
import type { SessionService } from './session.service.ts'

export interface AccountServiceDeps {
  db: Knex
  clock: Clock
  otp: OtpService
  passwords: PasswordHasher
  sessions: SessionService
  throttle: LoginThrottle
  /** Staff (support, admin) finish signing in with a second factor (second-factor.ts). */
  secondFactor: Pick<SecondFactorService, 'challengeFor'>
}

export type RegisterResult =
  { kind: 'ok'; tokens: AuthTokens } | { kind: 'bad_code' } | { kind: 'phone_taken' }

export type LoginResult =
  | { kind: 'ok'; tokens: AuthTokens }
  | { kind: 'bad_credentials' }
  | { kind: 'blocked' }
  | { kind: 'second_factor'; enrolled: boolean; challenge: string; expiresIn: number }

export type ResetResult = { kind: 'ok' } | { kind: 'bad_code' }

export type ChangeResult =
  | { kind: 'ok'; tokens: AuthTokens }
  | { kind: 'bad_password' }
  /** The session that asked ended while the password was being checked (a logout, a block). */
  | { kind: 'session_ended' }

export interface AccountService {
  register(input: {
    phone: string
    password: string
    code: string
    clientIp: string | null
  }): Promise<RegisterResult>
  /**
   * `identifiers`: what the client sent as phone and username, already normalised. Throws 429
   * `login_rate_limited` (before any password hashing) while the names or the IP are throttled.
   */
  login(input: {
    identifiers: string[]
    password: string
    clientIp: string | null
  }): Promise<LoginResult>
  resetPassword(input: {
    phone: string
    code: string
    newPassword: string
    clientIp: string | null
  }): Promise<ResetResult>
  /**
   * A signed-in owner's password change: needs the current password (counted by the login
   * throttle like a sign-in, 429 `login_rate_limited`), never a code, so an OTP lock of the
   * phone does not touch it. Ends every other session of the account; the session that made the
   * change (`sessionId`) goes on with a new token pair and keeps its second factor.
   */
  changePassword(input: {
    user: User
    sessionId: string
    oldPassword: string
    newPassword: string
    clientIp: string | null
  }): Promise<ChangeResult>
}

class SessionEnded extends Error {}

export function createAccountService(deps: AccountServiceDeps): AccountService {
  const { db, clock, otp, passwords, sessions, throttle, secondFactor } = deps

  return {
    async register({ phone, password, code, clientIp }) {
      try {
        return await db.transaction(async (trx): Promise<RegisterResult> => {
          if (!(await otp.consume(trx, { phone, purpose: 'register', code, clientIp }))) {
            return { kind: 'bad_code' }
          }
          // The code proved the caller holds this phone, so saying it is taken reveals nothing
          // to a stranger; the existing account is left untouched.
          if (await User.query(trx).select('id').findOne({ phone })) return { kind: 'phone_taken' }
          // Hashed only after the code checked out: a flood of bad codes costs no argon2 time.
          const user = await User.query(trx).insertAndFetch({
            phone,
            username: phone,
            email: null,
            password_hash: await passwords.hash(password),
            role: 'customer',
            password_changed_at: clock.now(),
            last_login_at: clock.now(),
          })
          return { kind: 'ok', tokens: await sessions.issue(trx, user, { secondFactor: false }) }
        })
      } catch (error) {
        // Two registrations of one phone raced; the loser sees what a late one would.
        if (isUniqueViolation(error)) return { kind: 'phone_taken' }
        throw error
      }
    },

    async login({ identifiers, password, clientIp }) {
      // Before the user lookup and argon2: refusing costs little and says nothing about the
      // account. From here on the attempt counts as a failure unless the password proves right.
      const attempt = await throttle.begin({ identifiers, clientIp })
      const candidates = await User.query(db)
        .whereIn('phone', identifiers)
        .orWhereIn('username', identifiers)
      // A phone match wins over a username that happens to look like someone's phone.
      const user =
        candidates.find((found) => found.phone === identifiers[0]) ??
        candidates.find((found) => identifiers.includes(found.phone)) ??
        candidates[0]
      if (!user) {
        await passwords.verifyDummy(password)
        return { kind: 'bad_credentials' }
      }
      if (!(await passwords.verify(user.password_hash, password))) {
        return { kind: 'bad_credentials' }
      }
      // Told only to someone who knows the password, so it leaks nothing to a guesser.
      if (user.isBlocked) {
        await throttle.notAFailure(db, attempt)
        return { kind: 'blocked' }
      }

      const patch: Partial<User> = { last_login_at: clock.now() }
      if (passwords.needsRehash(user.password_hash)) {
        patch.password_hash = await passwords.hash(password)
      }
      if (needsSecondFactor(user)) {
        // The password was right, but this is not a sign-in yet: no tokens, and the account's
        // failures (wrong codes among them) keep counting until the second factor succeeds.
        await throttle.notAFailure(db, attempt)
        if (patch.password_hash) {
          await User.query(db).findById(user.id).patch({ password_hash: patch.password_hash })
        }
        return { kind: 'second_factor', ...(await secondFactor.challengeFor(user)) }
      }
      return db.transaction(async (trx) => {
        await User.query(trx).findById(user.id).patch(patch)
        await throttle.succeeded(trx, attempt, user)
        // A password alone: staff never get here (above), and a customer's session stays one
        // without the second factor even if the account is promoted later.
        return {
          kind: 'ok' as const,
          tokens: await sessions.issue(trx, user, { secondFactor: false }),
        }
      })
    },

    async changePassword({ user, sessionId, oldPassword, newPassword, clientIp }) {
      const attempt = await throttle.begin({
        identifiers: [...new Set([user.phone, user.username])],
        clientIp,
      })
      if (!(await passwords.verify(user.password_hash, oldPassword))) {
        return { kind: 'bad_password' }
      }
      const hash = await passwords.hash(newPassword)
      try {
        return await db.transaction(async (trx): Promise<ChangeResult> => {
          const stored = await User.query(trx).patchAndFetchById(user.id, {
            password_hash: hash,
            password_changed_at: clock.now(),
          })
          // Whoever else signed in with the old password is out at once, access tokens too.
          await sessions.revokeAllForUser(trx, user.id, { except: sessionId })
          await throttle.succeeded(trx, attempt, user)
          // After the change, so the new access token is not older than it. `stored`, not
          // `user`: the request may act without its staff role (auth middleware), and a token
          // names the account's own role.
          const tokens = await sessions.renew(trx, stored, sessionId)
          if (!tokens) throw new SessionEnded()
          return { kind: 'ok', tokens }
        })
      } catch (error) {
        // Rolled back: the password stays what it was.
        if (error instanceof SessionEnded) return { kind: 'session_ended' }
        throw error
      }
    },

    async resetPassword({ phone, code, newPassword, clientIp }) {
      return db.transaction(async (trx): Promise<ResetResult> => {
        if (!(await otp.consume(trx, { phone, purpose: 'reset', code, clientIp })))
          return { kind: 'bad_code' }
        const user = await User.query(trx).findOne({ phone })
        // Unknown phones never got an SMS; answering like a wrong code keeps them unknown.
        if (!user) return { kind: 'bad_code' }
        await User.query(trx)
          .findById(user.id)
          .patch({
            password_hash: await passwords.hash(newPassword),
            password_changed_at: clock.now(),
          })
        await sessions.revokeAllForUser(trx, user.id)
        // The code proved the caller holds the phone: failed guesses (maybe someone else's)
        // stop counting against the account, so its owner can sign in at once.
        await throttle.clearAccount(trx, user)
        return { kind: 'ok' }
      })
    },
  }
}
