import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { AuthTokens } from '@arzpol/contracts'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { addSeconds, type Clock } from '../../lib/clock.ts'
import { RefreshToken } from '../../models/refresh-token.model.ts'
import { User } from '../../models/user.model.ts'
import type { TokenService } from './tokens.ts'

export interface SessionServiceDeps {
  db: Knex
  clock: Clock
  tokens: TokenService
  refreshTtlDays: number
  /** How long after its exchange a refresh token still gets a sibling pair (see `rotate`). */
  reuseGraceSeconds?: number
  logger: Logger
}

/**
 * A session is one sign-in: a family of refresh tokens (`family_id`, the access tokens' `sid`),
 * each exchanged for the next. It records whether its sign-in passed the staff second factor,
 * and it is open while the family has a token neither used nor revoked; ending it revokes them,
 * and its access tokens stop working with their next request (auth middleware).
 */
export interface SessionService {
  /**
   * A new session (or, with `familyId`, the next tokens of one) for `user`: an access token and
   * a refresh token. Only the second-factor sign-in passes `secondFactor: true`.
   */
  issue(
    db: Knex | Knex.Transaction,
    user: User,
    session: { secondFactor: boolean; familyId?: string },
  ): Promise<AuthTokens>
  /**
   * Exchanges a refresh token for a new pair of the same session, or null when it is not (or no
   * longer) valid. The session's second factor goes with it, never more.
   */
  rotate(refresh: string): Promise<AuthTokens | null>
  /**
   * A new pair for a session that goes on after its password changed: the session's open token
   * is revoked (the client holds the new pair instead), its second factor is kept. Null when the
   * session ended meanwhile.
   */
  renew(trx: Knex.Transaction, user: User, familyId: string): Promise<AuthTokens | null>
  /** Logout: the token and every token of its family stop working. */
  revokeFamilyOf(refresh: string): Promise<void>
  /** Ends every session of the account, or every one but the family `except`. */
  revokeAllForUser(
    db: Knex | Knex.Transaction,
    userId: number,
    options?: { except?: string },
  ): Promise<void>
}

export const hashRefreshToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex')

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { db, clock, tokens, refreshTtlDays, logger } = deps
  const graceMs = (deps.reuseGraceSeconds ?? 0) * 1000
  const withinGrace = (usedAt: Date, now: Date) => now.getTime() - usedAt.getTime() <= graceMs

  const service: SessionService = {
    async issue(trx, user, { secondFactor, familyId = randomUUID() }) {
      const refresh = randomBytes(32).toString('base64url')
      const now = clock.now()
      await RefreshToken.record(trx, {
        user_id: user.id,
        family_id: familyId,
        token_hash: hashRefreshToken(refresh),
        second_factor: secondFactor,
        expires_at: addSeconds(now, refreshTtlDays * 86_400),
        created_at: now,
      })
      return { access: await tokens.signAccess(user, { id: familyId, secondFactor }), refresh }
    },

    async rotate(refresh) {
      return db.transaction(async (trx) => {
        const row = await RefreshToken.lockByHash(trx, hashRefreshToken(refresh))
        if (!row || row.revoked_at !== null) return null
        const now = clock.now()
        if (row.used_at !== null && withinGrace(row.used_at, now)) {
          // Two requests of one customer refreshed at once (two tabs, two web instances): the
          // later one gets a pair of its own in the same session. An ended session revoked this
          // row too, so it never gets here.
          const user = await User.withId(trx, row.user_id)
          if (!user || user.isBlocked) return null
          return service.issue(trx, user, {
            familyId: row.family_id,
            secondFactor: row.second_factor,
          })
        }
        if (row.used_at !== null) {
          // Both the thief and the owner hold this family now; neither keeps it.
          await RefreshToken.endSession(trx, row.family_id, clock.now())
          logger.warn(
            { user_id: row.user_id, family_id: row.family_id },
            'refresh token reused: family revoked',
          )
          return null
        }
        if (row.expires_at <= clock.now()) return null
        const user = await User.withId(trx, row.user_id)
        if (!user || user.isBlocked) {
          await RefreshToken.endSession(trx, row.family_id, clock.now())
          return null
        }
        await RefreshToken.patchById(trx, row.id, { used_at: clock.now() })
        return service.issue(trx, user, {
          familyId: row.family_id,
          secondFactor: row.second_factor,
        })
      })
    },

    async renew(trx, user, familyId) {
      const open = await RefreshToken.lockOpenOf(trx, user.id, familyId)
      if (!open) return null
      // Revoked rather than used: a late request that still sends it is refused, and is not
      // taken for a stolen copy that would end the session.
      await RefreshToken.patchById(trx, open.id, { revoked_at: clock.now() })
      return service.issue(trx, user, { familyId, secondFactor: open.second_factor })
    },

    async revokeFamilyOf(refresh) {
      const row = await RefreshToken.byHash(db, hashRefreshToken(refresh))
      if (row) await RefreshToken.endSession(db, row.family_id, clock.now())
    },

    async revokeAllForUser(trx, userId, options = {}) {
      await RefreshToken.endSessionsOf(trx, userId, clock.now(), options)
    },
  }
  return service
}
