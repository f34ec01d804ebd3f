import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'

/** The customer behind a payments-service access token. */
export interface Customer {
  id: string
  username: string
  phone: string
  role: string
}

export interface CustomerTokenOptions {
  jwksUrl: string
  issuer: string
}

const keySets = new Map<string, JWTVerifyGetKey>()

/** One remote key set per URL: jose caches the keys and refetches on an unknown `kid`. */
function keySet(url: string): JWTVerifyGetKey {
  let set = keySets.get(url)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, timeoutDuration: 5_000 })
    keySets.set(url, set)
  }
  return set
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1] ?? null
}

/**
 * Verifies an access token issued by payments-service (EdDSA, typ at+jwt) against its JWKS.
 * Returns null for any invalid, expired or foreign token; throws only when the JWKS itself cannot
 * be fetched (the caller answers 503, not 401).
 */
export async function verifyCustomerToken(
  token: string,
  options: CustomerTokenOptions,
): Promise<Customer | null> {
  try {
    const { payload } = await jwtVerify(token, keySet(options.jwksUrl), {
      algorithms: ['EdDSA'],
      issuer: options.issuer,
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp'],
    })
    if (typeof payload.sub !== 'string' || payload.sub === '') return null
    return {
      id: payload.sub,
      username: typeof payload.username === 'string' ? payload.username : '',
      phone: typeof payload.phone === 'string' ? payload.phone : '',
      role: typeof payload.role === 'string' ? payload.role : 'customer',
    }
  } catch (error) {
    if (isKeySetFailure(error)) throw new JwksUnavailableError(options.jwksUrl, error)
    return null
  }
}

/** The key set could not be fetched or read (as opposed to a bad token). */
function isKeySetFailure(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string }
  if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JWKS_INVALID') return true
  // jose's plain JOSEError: non-200 answer or unparsable JSON from the JWKS URL.
  if (code === 'ERR_JOSE_GENERIC') return true
  // fetch() itself failed (connection refused, DNS…).
  return error instanceof TypeError && message === 'fetch failed'
}

export class JwksUnavailableError extends Error {
  /** What went wrong underneath, for the log (not `cause`: its type differs between ES libs). */
  readonly reason: unknown
  constructor(url: string, reason: unknown) {
    super(`cannot fetch the payments-service JWKS at ${url}`)
    this.name = 'JwksUnavailableError'
    this.reason = reason
  }
}

/** How long a comment waits for payments-service to say whether the token's session is open. */
export const SESSION_CHECK_TIMEOUT_MS = 2_000

/**
 * Where payments-service answers for a token: its profile endpoint (`/api/auth/me/`), on the
 * same origin as the JWKS it publishes, so the cms needs no setting of its own for it.
 */
export function sessionCheckUrl(jwksUrl: string): string {
  return new URL('/api/auth/me/', jwksUrl).toString()
}

/**
 * A valid signature proves payments-service issued the token, not that its session is still
 * open: a block, an account close, a logout or a password change elsewhere end sessions there at
 * once, while the token itself stays valid until it expires. So before a comment is taken,
 * payments-service is asked about the token itself (its profile endpoint, the token as bearer).
 *
 * true: the session is open and belongs to `customer`; false: payments-service refused the
 * token (401, 403) or answered for someone else. Anything else (a timeout, a 5xx, no connection)
 * throws SessionCheckUnavailableError: the caller refuses the comment (503), it never takes one
 * it could not check.
 */
export async function isSessionOpen(
  token: string,
  customer: Pick<Customer, 'id'>,
  options: { url: string; timeoutMs?: number },
): Promise<boolean> {
  let response: Response
  try {
    response = await fetch(options.url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? SESSION_CHECK_TIMEOUT_MS),
    })
  } catch (error) {
    throw new SessionCheckUnavailableError(options.url, error)
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel()
    return false
  }
  if (response.status !== 200) {
    await response.body?.cancel()
    throw new SessionCheckUnavailableError(options.url, `HTTP ${response.status}`)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    throw new SessionCheckUnavailableError(options.url, error)
  }
  const id = (body as { id?: unknown } | null)?.id
  return (typeof id === 'number' || typeof id === 'string') && String(id) === customer.id
}

export class SessionCheckUnavailableError extends Error {
  /** What went wrong underneath, for the log (not `cause`: its type differs between ES libs). */
  readonly reason: unknown
  constructor(url: string, reason: unknown) {
    super(`cannot ask payments-service about a sign-in at ${url}`)
    this.name = 'SessionCheckUnavailableError'
    this.reason = reason
  }
}
