import { createHash } from 'node:crypto'
import type { AuthTokens, CurrentUser } from '@arzpol/contracts'
import { redirect } from '@remix-run/node'
import { decodeJwt } from 'jose'
import * as payments from './auth-api.server.ts'
import type { PaymentsResult } from '~/features/api/payments-client.server.ts'
import {
  commitSession,
  destroySession,
  flashCookie,
  getSessionTokens,
  otpFlowCookie,
} from './session.server.ts'
import { getLogger } from '~/utils/logger.server.ts'

/**
 * Sign-in state on the server. Loaders that need the customer call `requireUser`, which throws the
 * redirect to the login form when there is no usable session, refreshes the access token when it is
 * about to expire (or was refused), and hands back headers carrying the re-sealed cookie.
 */

export const LOGIN_PATH = '/?auth=login'

/** Refresh this long before the access token's `exp`, so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 30_000
/** A refresh result is reused this long for the same refresh token (see `refreshOnce`). */
const REFRESH_REUSE_MS = 30_000

export function isAccessTokenFresh(access: string, now = Date.now()): boolean {
  try {
    const { exp } = decodeJwt(access)
    return typeof exp === 'number' && exp * 1000 - now > EXPIRY_MARGIN_MS
  } catch {
    return false
  }
}

const recentRefreshes = new Map<
  string,
  { at: number; result: Promise<PaymentsResult<AuthTokens>> }
>()

/**
 * Refresh tokens rotate. A browser can send the same old cookie on several requests at once
 * (parallel loaders, two tabs, a request started before the new cookie arrived), and those
 * requests may land on different web instances. payments-service answers a second use of a token
 * within its grace window with a sibling pair of the same session, so correctness needs nothing
 * here; within one process, concurrent and recent refreshes of one token still share a single
 * upstream call and its answer, which saves the calls and keeps one pair per browser.
 */
export function refreshOnce(
  request: Request | null,
  refresh: string,
  now = Date.now(),
): Promise<PaymentsResult<AuthTokens>> {
  for (const [key, entry] of recentRefreshes) {
    if (now - entry.at > REFRESH_REUSE_MS) recentRefreshes.delete(key)
  }
  const key = createHash('sha256').update(refresh).digest('base64url')
  const existing = recentRefreshes.get(key)
  if (existing) return existing.result
  const result = payments.refreshTokens(request, refresh)
  recentRefreshes.set(key, { at: now, result })
  return result
}

/** For tests. */
export function forgetRecentRefreshes(): void {
  recentRefreshes.clear()
}

function signedOut(loginPath: string): never {
  throw redirect(loginPath, { headers: { 'Set-Cookie': destroySession() } })
}

export interface AuthenticatedRequest {
  user: CurrentUser
  tokens: AuthTokens
  /** Set-Cookie for a refreshed session; pass them on with the loader's response. */
  headers: Headers
}

/**
 * The signed-in customer, or a thrown redirect to `/?auth=login` that also clears the session
 * (no token, or the current-user call fails: docs/product/auth.md).
 */
export async function requireUser(request: Request): Promise<AuthenticatedRequest> {
  return authenticate(request, () => signedOut(LOGIN_PATH))
}

/**
 * The session check behind `requireUser` and the staff guard. `onOutage` runs when
 * payments-service fails (5xx or unreachable) rather than refusing the session; the customer
 * area signs out then, the back office answers 503 and keeps the session.
 */
export async function authenticate(
  request: Request,
  onOutage: (headers: Headers) => never,
  /** Where a visitor signs in: the customers' form, or the back office's own. */
  loginPath: string = LOGIN_PATH,
): Promise<AuthenticatedRequest> {
  let tokens = getSessionTokens(request)
  if (!tokens) signedOut(loginPath)
  const headers = new Headers()
  let refreshed = false
  function refused(status: number, responseHeaders = new Headers()): never {
    return status >= 500 ? onOutage(responseHeaders) : signedOut(loginPath)
  }

  const refresh = async (current: AuthTokens) => {
    const result = await refreshOnce(request, current.refresh)
    if (!result.ok) refused(result.status)
    refreshed = true
    headers.set('Set-Cookie', commitSession(result.data))
    return result.data
  }

  if (!isAccessTokenFresh(tokens.access)) tokens = await refresh(tokens)
  let me = await payments.getCurrentUser(request, tokens.access)
  if (!me.ok && me.status === 401 && !refreshed) {
    tokens = await refresh(tokens)
    me = await payments.getCurrentUser(request, tokens.access)
  }
  if (!me.ok) refused(me.status, headers)
  return { user: me.data, tokens, headers }
}

/** Ends the session of `refresh` at payments-service; best effort, a failure is only logged. */
async function endSessionUpstream(request: Request, refresh: string): Promise<void> {
  const result = await payments.logout(request, refresh)
  if (!result.ok && result.status !== 401) {
    getLogger().error({ status: result.status }, 'logout at payments-service failed')
  }
}

/** Ends the session at payments-service (best effort) and in the browser, then goes home. */
export async function logout(request: Request): Promise<never> {
  const tokens = getSessionTokens(request)
  if (tokens) await endSessionUpstream(request, tokens.refresh)
  const headers = new Headers()
  headers.append('Set-Cookie', destroySession())
  headers.append('Set-Cookie', otpFlowCookie.clear())
  throw redirect('/', { headers })
}

/**
 * Ends a session that may not do what was asked (`tokens`: the session's current pair, maybe
 * just refreshed) and sends the visitor to the login form with `message`, to sign in anew.
 */
export async function signInAgain(
  request: Request,
  tokens: AuthTokens,
  message: string,
  loginPath: string = LOGIN_PATH,
): Promise<never> {
  await endSessionUpstream(request, tokens.refresh)
  const headers = new Headers()
  headers.append('Set-Cookie', destroySession())
  headers.append('Set-Cookie', flashCookie.serialize({ message }))
  throw redirect(loginPath, { headers })
}
