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
  logger: Logger
}

export interface SessionService {
  /** A new access token and a refresh token; a new login starts a new family. */
  issue(db: Knex | Knex.Transaction, user: User, familyId?: string): Promise<AuthTokens>
  /** Exchanges a refresh token for a new pair, or null when it is not (or no longer) valid. */
  rotate(refresh: string): Promise<AuthTokens | null>
  /** Logout: the token and every token of its family stop working. */
  revokeFamilyOf(refresh: string): Promise<void>
  revokeAllForUser(db: Knex | Knex.Transaction, userId: number): Promise<void>
}

export const hashRefreshToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex')

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { db, clock, tokens, refreshTtlDays, logger } = deps

  const revokeFamily = (trx: Knex | Knex.Transaction, familyId: string) =>
    RefreshToken.query(trx)
      .where({ family_id: familyId })
      .whereNull('revoked_at')
      .patch({ revoked_at: clock.now() })

  const service: SessionService = {
    async issue(trx, user, familyId = randomUUID()) {
      const refresh = randomBytes(32).toString('base64url')
      const now = clock.now()
      await RefreshToken.query(trx).insert({
        user_id: user.id,
        family_id: familyId,
        token_hash: hashRefreshToken(refresh),
        expires_at: addSeconds(now, refreshTtlDays * 86_400),
        created_at: now,
      })
      return { access: await tokens.signAccess(user), refresh }
    },

    async rotate(refresh) {
      return db.transaction(async (trx) => {
        const row = await RefreshToken.query(trx)
          .findOne({ token_hash: hashRefreshToken(refresh) })
          .forUpdate()
        if (!row || row.revoked_at !== null) return null
        if (row.used_at !== null) {
          // Both the thief and the owner hold this family now; neither keeps it.
          await revokeFamily(trx, row.family_id)
          logger.warn(
            { user_id: row.user_id, family_id: row.family_id },
            'refresh token reused: family revoked',
          )
          return null
        }
        if (row.expires_at <= clock.now()) return null
        const user = await User.query(trx).findById(row.user_id)
        if (!user || user.isBlocked) {
          await revokeFamily(trx, row.family_id)
          return null
        }
        await RefreshToken.query(trx).findById(row.id).patch({ used_at: clock.now() })
        return service.issue(trx, user, row.family_id)
      })
    },

    async revokeFamilyOf(refresh) {
      const row = await RefreshToken.query(db).findOne({ token_hash: hashRefreshToken(refresh) })
      if (row) await revokeFamily(db, row.family_id)
    },

    async revokeAllForUser(trx, userId) {
      await RefreshToken.query(trx)
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .patch({ revoked_at: clock.now() })
    },
  }
  return service
}
