import { createHash, createHmac, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto'
import { toPersianDigits, type AuthTokens } from '@arzpol/contracts'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { generateSecret, generateURI, verify } from 'otplib'
import { ApiError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import {
  StaffRecoveryCode,
  StaffSecondFactor,
  type StaffSecondFactorRow,
} from '../../models/staff-second-factor.model.ts'
import { UserAudit } from '../../models/user-audit.model.ts'
import { STAFF_ROLES, User, type Role } from '../../models/user.model.ts'
import type { CredentialVault } from '../orders/checkout/credentials.ts'
import { MESSAGES } from '@arzpol/contracts/auth/customer'
import type { LoginAttempt, LoginThrottle } from './login-throttle.ts'
import { RECOVERY_CODE_PATTERN, SECOND_FACTOR_MESSAGES } from '@arzpol/contracts/auth/staff'
import type { SessionService } from './session.service.ts'
import { derivedKey } from './derived-key.ts'

const challengeInvalid = () =>
  new ApiError(401, SECOND_FACTOR_MESSAGES.challengeInvalid, 'second_factor_challenge_invalid')
const wrongCode = () => new ApiError(401, SECOND_FACTOR_MESSAGES.wrongCode, 'second_factor_invalid')
const codeUsed = () => new ApiError(401, SECOND_FACTOR_MESSAGES.codeUsed, 'second_factor_code_used')
const alreadyEnrolled = () =>
  new ApiError(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled, 'second_factor_already_enrolled')
const notEnrolled = () =>
  new ApiError(409, SECOND_FACTOR_MESSAGES.notEnrolled, 'second_factor_not_enrolled')
const enrolmentNotStarted = () =>
  new ApiError(
    409,
    SECOND_FACTOR_MESSAGES.enrolmentNotStarted,
    'second_factor_enrolment_not_started',
  )

/**
 * The second factor of staff sign-in (issue 16, ADR 015). Support staff and admins who give the
 * right password get a short-lived signed challenge instead of tokens. With it they enrol a TOTP
 * authenticator on their first sign-in (the secret is shown once as an otpauth:// URI and as
 * base32, and a first code confirms it; ten recovery codes come back with the tokens), and answer
 * a code, or a recovery code, on every later one.
 *
 * - Codes are accepted one 30-second step either side of now; the step of the last accepted code
 *   is kept, and a code of that step or an earlier one is refused, so no code works twice.
 * - Wrong codes count in the password login's throttle (same keys, same limits): with the right
 *   password a guesser still gets at most LOGIN_MAX_FAILURES_PER_ACCOUNT codes per window.
 * - The secret is sealed with the credentials key, the user id and the purpose as associated data.
 * - Recovery codes: 50 random bits each, stored as an HMAC of user id and code under a server
 *   key (createRecoveryCodeHasher), used once.
 */

export const SECOND_FACTOR_ROLES: readonly Role[] = STAFF_ROLES
export const CHALLENGE_TTL_SECONDS = 600
export const RECOVERY_CODE_COUNT = 10
const TOTP_PERIOD_SECONDS = 30
/** The vault's purpose (associated data) of TOTP secrets; cli/reseal.ts re-seals under it too. */
export const TOTP_VAULT_PURPOSE = 'totp_secret'
const ISSUER = 'ArzPol'

export const needsSecondFactor = (user: Pick<User, 'role'>) =>
  SECOND_FACTOR_ROLES.includes(user.role)

export interface SecondFactorChallengeResult {
  enrolled: boolean
  challenge: string
  expiresIn: number
}

export interface SecondFactorService {
  /** For a staff member whose password was just right. */
  challengeFor(user: User): Promise<SecondFactorChallengeResult>
  /** The pending secret of a staff member who has not enrolled yet (made on first call). */
  enrolment(challenge: string): Promise<{ secret: string; otpauthUri: string }>
  /** Confirms the enrolment with a first code: tokens and the recovery codes (shown once). */
  confirm(input: {
    challenge: string
    code: string
    clientIp: string | null
  }): Promise<{ tokens: AuthTokens; recoveryCodes: string[] }>
  /** A code or a recovery code completes the sign-in. */
  verify(input: {
    challenge: string
    code: string
    clientIp: string | null
  }): Promise<{ tokens: AuthTokens; recoveryCodesLeft: number | null }>
}

export interface SecondFactorDeps {
  db: Knex
  clock: Clock
  logger: Logger
  signingKey: KeyObject
  vault: CredentialVault
  throttle: LoginThrottle
  sessions: SessionService
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

/** Ten characters of base32 (50 bits); 256 is a multiple of 32, so every letter is as likely. */
function newRecoveryCode(): string {
  return [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('')
}

export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`

/**
 * Recovery codes are kept as an HMAC under a key derived from the service's signing key: 50
 * random bits are few enough to search a dump of the table for if the hash had no key. Codes
 * issued before the key was used are plain SHA-256 (`legacy`); they keep working until used or
 * replaced by a new enrolment, so nobody is locked out by the change.
 */
function createRecoveryCodeHasher(signingKey: KeyObject) {
  const key = derivedKey(signingKey, 'arzpol/recovery-codes/v1')
  return {
    hash: (userId: number, code: string) =>
      createHmac('sha256', key).update(`${userId}:${code}`, 'utf8').digest('hex'),
    legacy: (userId: number, code: string) =>
      createHash('sha256').update(`${userId}:${code}`, 'utf8').digest('hex'),
  }
}

/**
 * Challenges are `v1.<payload>.<mac>`: the user id, the expiry and the time the password was last
 * changed (a new password kills older challenges), MACed with a key derived from the service's
 * signing key under a label of its own, so a challenge is never an access token and vice versa.
 */
function createChallengeSigner(signingKey: KeyObject) {
  const key = derivedKey(signingKey, 'arzpol/second-factor-challenge/v1')
  const mac = (payload: string) => createHmac('sha256', key).update(`v1.${payload}`).digest()
  return {
    sign(claims: { u: number; e: number; p: number }): string {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
      return `v1.${payload}.${mac(payload).toString('base64url')}`
    },
    open(token: string): { u: number; e: number; p: number } | null {
      const parts = token.split('.')
      if (parts.length !== 3 || parts[0] !== 'v1') return null
      const [, payload = '', signature = ''] = parts
      const given = Buffer.from(signature, 'base64url')
      const expected = mac(payload)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
        if (
          typeof claims === 'object' &&
          claims !== null &&
          Number.isSafeInteger((claims as { u?: unknown }).u) &&
          Number.isSafeInteger((claims as { e?: unknown }).e) &&
          Number.isSafeInteger((claims as { p?: unknown }).p)
        ) {
          return claims as { u: number; e: number; p: number }
        }
      } catch {
        // A MAC that matched garbage cannot happen without the key; treat it as invalid anyway.
      }
      return null
    },
  }
}

export function createSecondFactorService(deps: SecondFactorDeps): SecondFactorService {
  const { db, clock, logger, vault, throttle, sessions } = deps
  const signer = createChallengeSigner(deps.signingKey)
  const recoveryCodes = createRecoveryCodeHasher(deps.signingKey)

  /** The staff member a challenge names, or 401 when it is not (or no longer) valid. */
  async function userOf(challenge: string): Promise<User> {
    const claims = signer.open(challenge)
    if (!claims || claims.e * 1000 <= clock.now().getTime()) throw challengeInvalid()
    const user = await User.query(db).findById(claims.u)
    if (!user || !needsSecondFactor(user) || user.password_changed_at.getTime() !== claims.p) {
      throw challengeInvalid()
    }
    if (user.isBlocked) throw new ApiError(403, MESSAGES.blocked, 'account_blocked')
    return user
  }

  const secretOf = (row: StaffSecondFactorRow) =>
    vault.open(row.secret_ciphertext, row.secret_key_id, row.user_id, TOTP_VAULT_PURPOSE)

  /**
   * The 30-second step of a code within one step of now, or null. Replays (a step not newer than
   * the last accepted one) are told apart from wrong codes: the owner may have pressed twice.
   */
  async function checkTotp(row: StaffSecondFactorRow, code: string): Promise<number> {
    const result = await verify({
      secret: secretOf(row),
      token: code,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
    })
    if (!result.valid) throw wrongCode()
    if (!('timeStep' in result)) throw new Error('otplib: a TOTP result without its time step')
    const last = row.last_time_step === null ? null : Number(row.last_time_step)
    if (last !== null && result.timeStep <= last) throw codeUsed()
    return result.timeStep
  }

  /** The one place a session that passed the second factor begins: staff powers need one. */
  async function signIn(trx: Knex.Transaction, user: User, attempt: LoginAttempt) {
    await User.query(trx).findById(user.id).patch({ last_login_at: clock.now() })
    await throttle.succeeded(trx, attempt, user)
    return sessions.issue(trx, user, { secondFactor: true })
  }

  const identifiersOf = (user: User) => [...new Set([user.phone, user.username])]

  return {
    async challengeFor(user) {
      const row = await StaffSecondFactor.ofUser(db, user.id)
      return {
        enrolled: row !== undefined && row.confirmed_at !== null,
        challenge: signer.sign({
          u: user.id,
          e: Math.floor(clock.now().getTime() / 1000) + CHALLENGE_TTL_SECONDS,
          p: user.password_changed_at.getTime(),
        }),
        expiresIn: CHALLENGE_TTL_SECONDS,
      }
    },

    async enrolment(challenge) {
      const user = await userOf(challenge)
      let row = await StaffSecondFactor.ofUser(db, user.id)
      if (!row) {
        const sealed = vault.seal(generateSecret(), user.id, TOTP_VAULT_PURPOSE)
        // Two tabs may ask at once: the first secret wins and both show it.
        await StaffSecondFactor.beginUnlessBegun(db, {
          user_id: user.id,
          secret_ciphertext: sealed.ciphertext,
          secret_key_id: sealed.keyId,
          created_at: clock.now(),
        })
        row = await StaffSecondFactor.ofUser(db, user.id)
      }
      if (!row) throw new Error('staff_second_factors row vanished')
      if (row.confirmed_at !== null) throw alreadyEnrolled()
      const secret = secretOf(row)
      return {
        secret,
        otpauthUri: generateURI({ issuer: ISSUER, label: user.username, secret }),
      }
    },

    async confirm({ challenge, code, clientIp }) {
      const user = await userOf(challenge)
      // Counted as a failure until the code proves right, like a password.
      const attempt = await throttle.begin({ identifiers: identifiersOf(user), clientIp })
      return db.transaction(async (trx) => {
        const row = await StaffSecondFactor.lockOfUser(trx, user.id)
        if (!row) throw enrolmentNotStarted()
        if (row.confirmed_at !== null) throw alreadyEnrolled()
        const step = await checkTotp(row, code)
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
          tokens: await signIn(trx, user, attempt),
          recoveryCodes: codes.map(formatRecoveryCode),
        }
      })
    },

    async verify({ challenge, code, clientIp }) {
      const user = await userOf(challenge)
      const attempt = await throttle.begin({ identifiers: identifiersOf(user), clientIp })
      return db.transaction(async (trx) => {
        const row = await StaffSecondFactor.lockOfUser(trx, user.id)
        if (!row || row.confirmed_at === null) throw notEnrolled()
        const now = clock.now()

        if (!RECOVERY_CODE_PATTERN.test(code)) {
          const step = await checkTotp(row, code)
          await StaffSecondFactor.useStep(trx, user.id, step)
          return { tokens: await signIn(trx, user, attempt), recoveryCodesLeft: null }
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
        return { tokens: await signIn(trx, user, attempt), recoveryCodesLeft }
      })
    },
  }
}
