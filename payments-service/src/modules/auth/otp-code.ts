import { createHmac, randomBytes, type KeyObject } from 'node:crypto'
import { generate, verify } from 'otplib'
import { derivedKey } from './derived-key.ts'

export const OTP_DIGITS = 4

/**
 * Codes are HOTP values (otplib) of a per-challenge secret. The secret is an HMAC of the
 * challenge's random nonce under a key derived from the service's signing key, so the database
 * holds only the nonce: a dump of it does not reveal live codes, and no extra secret has to be
 * configured. HKDF's label keeps this key separate from the key's use for signing.
 */
export interface OtpCodes {
  newNonce(): string
  codeFor(nonce: string): Promise<string>
  matches(nonce: string, code: string): Promise<boolean>
}

export function createOtpCodes(signingKey: KeyObject): OtpCodes {
  const key = derivedKey(signingKey, 'arzpol/otp-code/v1')
  const secretFor = (nonce: string) =>
    new Uint8Array(createHmac('sha256', key).update(nonce).digest())
  const hotp = (nonce: string) =>
    ({
      secret: secretFor(nonce),
      strategy: 'hotp',
      counter: 0,
      digits: OTP_DIGITS,
      algorithm: 'sha256',
    }) as const

  return {
    newNonce: () => randomBytes(16).toString('base64url'),
    codeFor: (nonce) => generate(hotp(nonce)),
    async matches(nonce, code) {
      if (!/^\d+$/.test(code) || code.length !== OTP_DIGITS) return false
      // otplib compares in constant time.
      const result = await verify({ ...hotp(nonce), token: code })
      return result.valid
    },
  }
}
