import { createHash, createHmac, randomBytes, type KeyObject } from 'node:crypto'
import { derivedKey } from '../derived-key.ts'

export const RECOVERY_CODE_COUNT = 10

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

/** Ten characters of base32 (50 bits); 256 is a multiple of 32, so every letter is as likely. */
export function newRecoveryCode(): string {
  return [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('')
}

export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`

/**
 * Recovery codes are kept as an HMAC under a key derived from the service's signing key: 50
 * random bits are few enough to search a dump of the table for if the hash had no key. Codes
 * issued before the key was used are plain SHA-256 (`legacy`); they keep working until used or
 * replaced by a new enrolment, so nobody is locked out by the change.
 */
export function createRecoveryCodeHasher(signingKey: KeyObject) {
  const key = derivedKey(signingKey, 'arzpol/recovery-codes/v1')
  return {
    hash: (userId: number, code: string) =>
      createHmac('sha256', key).update(`${userId}:${code}`, 'utf8').digest('hex'),
    legacy: (userId: number, code: string) =>
      createHash('sha256').update(`${userId}:${code}`, 'utf8').digest('hex'),
  }
}

export type RecoveryCodeHasher = ReturnType<typeof createRecoveryCodeHasher>
