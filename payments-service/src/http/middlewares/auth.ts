import type { Knex } from 'knex'
import type { Clock } from '../../lib/clock.ts'
import { isStaffRole, User, type Role } from '../../models/user.model.ts'
import type { AccessSession, TokenService } from '../../modules/auth/tokens.ts'
import type { AppContext, AppMiddleware } from '../context.ts'
import { notAuthenticated, permissionDenied, tokenNotValid } from '../errors.ts'

/**
 * Bearer access token → `ctx.state.user` and `ctx.state.session`. One statement per request reads
 * the user row and whether the token's session (its refresh-token family) is still open, so a
 * blocked account, a role change, a password change and every ended session (logout, block,
 * close, role change, create-staff) take effect at once on every replica instead of when the
 * token expires. The verified-token cache in tokens.ts only spares the signature check.
 *
 * Staff powers need a session that passed the second factor (ADR 029). A support or admin
 * account signed in through a weaker session (one opened before sessions recorded it) acts as a
 * customer: the role every check reads (`requireRole`, and the handlers' own "is this staff")
 * is `customer` for that request, so no staff power is left to forget.
 */
export function createRequireUser(deps: {
  db: Knex
  tokens: TokenService
  clock: Clock
}): AppMiddleware {
  return async (ctx, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'))
    if (!match?.[1]) throw notAuthenticated()
    const claims = await deps.tokens.verifyAccess(match[1])
    if (!claims) throw tokenNotValid()
    const found = await User.withOpenSession(
      deps.db,
      claims.userId,
      claims.session.id,
      deps.clock.now(),
    )
    if (!found?.session || found.user.isBlocked) throw tokenNotValid()
    const { user } = found
    // Tokens issued before the last password change belong to whoever knew the old password.
    if (claims.issuedAt < Math.floor(user.password_changed_at.getTime() / 1000)) {
      throw tokenNotValid()
    }
    // The stored record decides; the claim can only agree (both come from the same sign-in).
    const secondFactor = found.session.secondFactor && claims.session.secondFactor
    ctx.state.session = { id: claims.session.id, secondFactor }
    ctx.state.user = isStaffRole(user.role) && !secondFactor ? asCustomer(user) : user
    await next()
  }
}

/** The account as this request may use it: its own data, none of its staff powers. */
function asCustomer(user: User): User {
  const acting = user.$clone()
  acting.role = 'customer'
  return acting
}

/**
 * For staff routes: runs after `requireUser`, which already took staff roles away from sessions
 * that did not pass the second factor.
 */
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

/** The session of the request's access token, in a handler behind `requireUser`. */
export function currentSession(ctx: AppContext): AccessSession {
  const session = ctx.state.session
  if (!session) throw notAuthenticated()
  return session
}
