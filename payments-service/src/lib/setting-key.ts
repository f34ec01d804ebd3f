import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type { AppConfig } from '../config/env.ts'

/**
 * The key a setting holds (base64), or, in development and tests only, one derived from
 * JWT_PRIVATE_KEY under `purpose`: a dev stack then keeps what it signed or hashed across a
 * restart without one more secret to set. Production refuses to start without the setting
 * (config/env.ts); this refuses too, should it get that far.
 */
export function keyFromSetting(
  setting: { name: string; value: string | undefined },
  config: Pick<AppConfig, 'JWT_PRIVATE_KEY' | 'APP_ENV'>,
  purpose: string,
  logger?: Logger,
): Buffer {
  if (setting.value) return Buffer.from(setting.value, 'base64')
  if (config.APP_ENV === 'production') throw new Error(`${setting.name} is required`)
  logger?.debug(`${setting.name} is not set: a key derived from the JWT key is used`)
  const der = config.JWT_PRIVATE_KEY.export({ type: 'pkcs8', format: 'der' })
  return createHash('sha256').update(`arzpol ${purpose}\0`).update(der).digest()
}
