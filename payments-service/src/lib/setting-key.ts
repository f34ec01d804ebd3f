import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type { AppConfig } from '../config/env.ts'

/**
 * The key a setting holds (base64), or, in development and tests only, one derived from
 * JWT_PRIVATE_KEY under `purpose`: a dev stack then keeps what it signed or hashed across a
 * restart without one more secret to set. Production refuses to start without the setting
 * (config/env.ts); this refuses too, should it get that far.
 */
export function keyFromSetting<Name extends 'QUOTE_SIGNING_KEY' | 'IDEMPOTENCY_HASH_KEY'>(
  config: Pick<AppConfig, Name | 'JWT_PRIVATE_KEY' | 'APP_ENV'>,
  name: Name,
  purpose: string,
  logger?: Logger,
): Buffer {
  const value = config[name] as string | undefined
  if (value) return Buffer.from(value, 'base64')
  if (config.APP_ENV === 'production') throw new Error(`${name} is required`)
  logger?.debug(`${name} is not set: a key derived from the JWT key is used`)
  const der = config.JWT_PRIVATE_KEY.export({ type: 'pkcs8', format: 'der' })
  return createHash('sha256').update(`arzpol ${purpose}\0`).update(der).digest()
}
