import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto'
import { SignJWT, calculateJwkThumbprint, jwtVerify, type JWK } from 'jose'
import type { Clock } from '../../lib/clock.ts'
import { ROLES, type Role, type User } from '../../models/user.model.ts'

const ALG = 'EdDSA'
/** RFC 9068's media type for access tokens, so one can never be confused with another JWT. */
const ACCESS_TYP = 'at+jwt'

export interface AccessClaims {
  userId: number
  username: string
  role: Role
  phone: string
  /** Seconds since the epoch. */
  issuedAt: number
}

export interface TokenService {
  readonly kid: string
  /** Public keys for other services (the cms) to verify our access tokens without a secret. */
  readonly jwks: { keys: JWK[] }
  readonly accessTtlSeconds: number
  signAccess(user: Pick<User, 'id' | 'username' | 'role' | 'phone'>): Promise<string>
  /** The claims of a valid token, or null: callers never need to know why a token failed. */
  verifyAccess(token: string): Promise<AccessClaims | null>
}

export interface TokenServiceOptions {
  privateKey: KeyObject
  issuer: string
  accessTtlSeconds: number
  clock: Clock
}

export async function createTokenService(options: TokenServiceOptions): Promise<TokenService> {
  const { privateKey, issuer, accessTtlSeconds, clock } = options
  const publicKey = createPublicKey(privateKey)
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK
  const kid = await calculateJwkThumbprint(publicJwk)
  const jwks = { keys: [{ ...publicJwk, kid, alg: ALG, use: 'sig' }] }

  return {
    kid,
    jwks,
    accessTtlSeconds,
    async signAccess(user) {
      const now = Math.floor(clock.now().getTime() / 1000)
      return new SignJWT({ username: user.username, role: user.role, phone: user.phone })
        .setProtectedHeader({ alg: ALG, kid, typ: ACCESS_TYP })
        .setSubject(String(user.id))
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + accessTtlSeconds)
        .setJti(randomUUID())
        .sign(privateKey)
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          issuer,
          typ: ACCESS_TYP,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        })
        const userId = Number(payload.sub)
        const role = payload.role as Role
        if (!Number.isSafeInteger(userId) || userId <= 0 || !ROLES.includes(role)) return null
        return {
          userId,
          role,
          username: String(payload.username),
          phone: String(payload.phone),
          issuedAt: payload.iat ?? 0,
        }
      } catch {
        return null
      }
    },
  }
}
