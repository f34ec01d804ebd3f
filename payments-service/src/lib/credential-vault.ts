import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import type { AppConfig } from '../config/env.ts'
import { parsePreviousKeys } from '../config/env.ts'

/**
 * The customer's site password, sealed with AES-256-GCM before it reaches the database.
 *
 * Stored value: iv (12 bytes) ‖ auth tag (16) ‖ ciphertext, plus the id of the key that sealed
 * it in its own column. New values always use the current key (`CREDENTIALS_KEY_ID`); keys
 * listed in `CREDENTIALS_PREVIOUS_KEYS` still open older rows, so a key is rotated by making
 * the old one "previous", deploying, re-sealing old rows (open, then seal again) and then dropping it. The owner's
 * user id is the additional authenticated data: a ciphertext copied onto another customer's
 * order does not open. Other secrets sealed with the same keys (a staff member's TOTP secret)
 * name their own `purpose`, which is part of that data too, so one kind never opens as another.
 */
export interface CredentialVault {
  readonly currentKeyId: string
  seal(plaintext: string, ownerId: number, purpose?: string): { ciphertext: Buffer; keyId: string }
  open(ciphertext: Buffer, keyId: string, ownerId: number, purpose?: string): string
}

const IV_BYTES = 12
const TAG_BYTES = 16
const aad = (ownerId: number, purpose = 'site_password') =>
  Buffer.from(`arzpol:${purpose}:user:${ownerId}`, 'utf8')

export function createCredentialVault(keys: {
  currentKeyId: string
  currentKey: Buffer
  previous?: Map<string, Buffer>
}): CredentialVault {
  if (keys.currentKey.length !== 32) throw new Error('credential key must be 32 bytes')
  const ring = new Map(keys.previous ?? [])
  ring.set(keys.currentKeyId, keys.currentKey)
  return {
    currentKeyId: keys.currentKeyId,
    seal(plaintext, ownerId, purpose) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', keys.currentKey, iv)
      cipher.setAAD(aad(ownerId, purpose))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return {
        ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]),
        keyId: keys.currentKeyId,
      }
    },
    open(ciphertext, keyId, ownerId, purpose) {
      const key = ring.get(keyId)
      if (!key) throw new Error(`no credential key with id ${keyId}`)
      const iv = ciphertext.subarray(0, IV_BYTES)
      const tag = ciphertext.subarray(IV_BYTES, IV_BYTES + TAG_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAAD(aad(ownerId, purpose))
      decipher.setAuthTag(tag)
      return Buffer.concat([
        decipher.update(ciphertext.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

/**
 * From configuration. Without a key (development or tests that do not care) a random one is
 * made for this process, with a warning: such ciphertexts do not survive a restart. Production
 * refuses to start without a key (config/env.ts).
 */
export function credentialVaultFromConfig(config: AppConfig, logger: Logger): CredentialVault {
  let currentKey: Buffer
  if (config.CREDENTIALS_ENCRYPTION_KEY) {
    currentKey = Buffer.from(config.CREDENTIALS_ENCRYPTION_KEY, 'base64')
  } else {
    logger.warn(
      'CREDENTIALS_ENCRYPTION_KEY is not set: site passwords are sealed with a random key that dies with this process',
    )
    currentKey = randomBytes(32)
  }
  const previous = config.CREDENTIALS_PREVIOUS_KEYS
    ? (parsePreviousKeys(config.CREDENTIALS_PREVIOUS_KEYS) ?? undefined)
    : undefined
  return createCredentialVault({
    currentKeyId: config.CREDENTIALS_KEY_ID,
    currentKey,
    ...(previous && { previous }),
  })
}
