import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto'
import { derivedKey } from '../derived-key.ts'

export const CHALLENGE_TTL_SECONDS = 600

/**
 * Challenges are `v1.<payload>.<mac>`: the user id, the expiry and the time the password was last
 * changed (a new password kills older challenges), MACed with a key derived from the service's
 * signing key under a label of its own, so a challenge is never an access token and vice versa.
 */
export function createChallengeSigner(signingKey: KeyObject) {
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

export type ChallengeSigner = ReturnType<typeof createChallengeSigner>
