import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto'
import { SignJWT, calculateJwkThumbprint, jwtVerify, type JWK } from 'jose'
import type { Clock } from '../../lib/clock.ts'
import { ROLES, type Role, type User } from '../../models/user.model.ts'

const ALG = 'EdDSA'
/** RFC 9068's media type for access tokens, so one can never be confused with another JWT. */
const ACCESS_TYP = 'at+jwt'
/** Session ids are the refresh-token families' uuids (a uuid column: anything else cannot match). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The session an access token belongs to: the refresh-token family of one sign-in (`sid`), and
 * whether that sign-in passed the staff second factor (`second_factor`). The middleware asks the
 * database on every request whether the session is still open (auth.ts).
 */
export interface AccessSession {
  id: string
  secondFactor: boolean
}

export interface AccessClaims {
  userId: number
  username: string
  role: Role
  phone: string
  /** Seconds since the epoch. */
  issuedAt: number
  session: AccessSession
}

export type AccessSubject = Pick<User, 'id' | 'username' | 'role' | 'phone'>

export interface TokenService {
  readonly kid: string
  /** Public keys for other services (the cms) to verify our access tokens without a secret. */
  readonly jwks: { keys: JWK[] }
  readonly accessTtlSeconds: number
  signAccess(user: AccessSubject, session: AccessSession): Promise<string>
  /**
   * The claims of a valid token, or null: callers never need to know why a token failed. A
   * token without its session (signed before sessions were named in tokens) is not valid.
   */
  verifyAccess(token: string): Promise<AccessClaims | null>
}

export interface TokenServiceOptions {
  privateKey: KeyObject
  issuer: string
  accessTtlSeconds: number
  clock: Clock
  /** Verified access tokens remembered (see `verifyAccess`); 0 turns the cache off. */
  verifiedCacheSize?: number
}

/** Enough for every token active within an access TTL on one instance at our scale. */
export const VERIFIED_CACHE_SIZE = 10_000

interface Verified {
  claims: AccessClaims
  /** The token's own `exp`, seconds since the epoch. */
  exp: number
}

export async function createTokenService(options: TokenServiceOptions): Promise<TokenService> {
  const { privateKey, issuer, accessTtlSeconds, clock } = options
  const cacheSize = options.verifiedCacheSize ?? VERIFIED_CACHE_SIZE
  const publicKey = createPublicKey(privateKey)
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK
  const kid = await calculateJwkThumbprint(publicJwk)
  const jwks = { keys: [{ ...publicJwk, kid, alg: ALG, use: 'sig' }] }
  const verified = new Map<string, Verified>()

  return {
    kid,
    jwks,
    accessTtlSeconds,
    async signAccess(user, session) {
      const now = Math.floor(clock.now().getTime() / 1000)
      return new SignJWT({
        username: user.username,
        role: user.role,
        phone: user.phone,
        sid: session.id,
        second_factor: session.secondFactor,
      })
        .setProtectedHeader({ alg: ALG, kid, typ: ACCESS_TYP })
        .setSubject(String(user.id))
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + accessTtlSeconds)
        .setJti(randomUUID())
        .sign(privateKey)
    },
    /**
     * The EdDSA signature check is most of an authenticated request's CPU, and a client sends
     * the same token until it expires. Tokens that verified are kept in an LRU keyed by the
     * exact token string, each only until its own `exp` (jose's rule: valid while
     * exp > now in whole seconds). A changed token is a different string, so it misses and goes
     * through the full check. Only the signature and claim checks are skipped on a hit: callers
     * still load the user and check blocking, role, password change and whether the session is
     * still open (auth.ts), on every request and so on every replica.
     */
    async verifyAccess(token) {
      const now = Math.floor(clock.now().getTime() / 1000)
      const hit = verified.get(token)
      if (hit) {
        verified.delete(token)
        if (hit.exp <= now) return null
        verified.set(token, hit) // most recently used goes last
        return hit.claims
      }
      const entry = await verifySignature(token)
      if (entry && cacheSize > 0) {
        if (verified.size >= cacheSize) {
          // Map keeps insertion order: the first key is the least recently used.
          const oldest = verified.keys().next().value
          if (oldest !== undefined) verified.delete(oldest)
        }
        verified.set(token, entry)
      }
      return entry?.claims ?? null
    },
  }

  async function verifySignature(token: string): Promise<Verified | null> {
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: [ALG],
        issuer,
        typ: ACCESS_TYP,
        currentDate: clock.now(),
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      })
      const userId = Number(payload.sub)
      const role = payload.role as Role
      if (!Number.isSafeInteger(userId) || userId <= 0 || !ROLES.includes(role)) return null
      if (typeof payload.exp !== 'number') return null
      const { sid, second_factor: secondFactor } = payload
      if (typeof sid !== 'string' || !UUID.test(sid) || typeof secondFactor !== 'boolean') {
        return null
      }
      const claims: AccessClaims = Object.freeze({
        userId,
        role,
        username: String(payload.username),
        phone: String(payload.phone),
        issuedAt: payload.iat ?? 0,
        session: Object.freeze({ id: sid, secondFactor }),
      })
      return { claims, exp: payload.exp }
    } catch {
      return null
    }
  }
}
