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
  readonly cause: unknown
  constructor(url: string, cause: unknown) {
    super(`cannot fetch the payments-service JWKS at ${url}`)
    this.name = 'JwksUnavailableError'
    this.cause = cause
  }
}
