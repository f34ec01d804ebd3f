import type { Knex } from 'knex'
import { User, type Role } from '../../models/user.model.ts'
import type { TokenService } from '../../modules/auth/tokens.ts'
import type { AppContext, AppMiddleware } from '../context.ts'
import { notAuthenticated, permissionDenied, tokenNotValid } from '../errors.ts'

/**
 * Bearer access token → `ctx.state.user`. The user row is read on every request so that a
 * blocked account, a role change or a password reset takes effect at once instead of when the
 * token expires.
 */
export function createRequireUser(deps: { db: Knex; tokens: TokenService }): AppMiddleware {
  return async (ctx, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'))
    if (!match?.[1]) throw notAuthenticated()
    const claims = await deps.tokens.verifyAccess(match[1])
    if (!claims) throw tokenNotValid()
    const user = await User.query(deps.db).findById(claims.userId)
    if (!user || user.isBlocked) throw tokenNotValid()
    // Tokens issued before the last password change belong to whoever knew the old password.
    if (claims.issuedAt < Math.floor(user.password_changed_at.getTime() / 1000)) {
      throw tokenNotValid()
    }
    ctx.state.user = user
    await next()
  }
}

/** For staff routes: runs after `requireUser`. */
export function requireRole(...roles: readonly Role[]): AppMiddleware {
  return async (ctx, next) => {
    const user = ctx.state.user
    if (!user) throw notAuthenticated()
    if (!roles.includes(user.role)) throw permissionDenied()
    await next()
  }
}

/** The signed-in user in a handler behind `requireUser`. */
export function currentUser(ctx: AppContext): User {
  const user = ctx.state.user
  if (!user) throw notAuthenticated()
  return user
}
