import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { getEnv } from './env.server.ts'

/**
 * Encrypted, authenticated cookies (AES-256-GCM). The key is derived from SESSION_SECRET with
 * HKDF-SHA256; the cookie's logical name is the additional authenticated data, so a value sealed
 * for one cookie cannot be replayed as another. The payload carries its own expiry, enforced here
 * and not left to the browser's Max-Age.
 *
 * Wire format: `v1.` + base64url(iv[12] ‖ ciphertext ‖ tag[16]).
 */

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

const keys = new Map<string, Buffer>()

function keyFor(secret: string): Buffer {
  let key = keys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'arzpol-web', 'sealed-cookie/v1', 32))
    keys.set(secret, key)
  }
  return key
}

export function seal(value: unknown, secret: string, purpose: string, expiresAt: number): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv)
  cipher.setAAD(Buffer.from(purpose, 'utf8'))
  const plaintext = Buffer.from(JSON.stringify({ v: value, exp: expiresAt }), 'utf8')
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const packed = Buffer.concat([iv, ciphertext, cipher.getAuthTag()])
  return `${VERSION}.${packed.toString('base64url')}`
}

/** The sealed value, or null when the token is malformed, tampered with, foreign or expired. */
export function unseal(token: string, secret: string, purpose: string, now = Date.now()): unknown {
  if (!token.startsWith(`${VERSION}.`)) return null
  const packed = Buffer.from(token.slice(VERSION.length + 1), 'base64url')
  if (packed.length < IV_BYTES + TAG_BYTES + 1) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), packed.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(purpose, 'utf8'))
    decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES))
    const plaintext = Buffer.concat([
      decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)),
      decipher.final(),
    ])
    const parsed: unknown = JSON.parse(plaintext.toString('utf8'))
    if (typeof parsed !== 'object' || parsed === null || !('exp' in parsed) || !('v' in parsed)) {
      return null
    }
    if (typeof parsed.exp !== 'number' || parsed.exp <= now) return null
    return parsed.v
  } catch {
    return null
  }
}

/** The value of one cookie in a Cookie header, undecoded. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

export interface SealedCookie<T> {
  /** The cookie name as sent to the browser (`__Host-` prefixed in production). */
  readonly name: string
  read(request: Request): T | null
  /** A Set-Cookie header value storing `value`. */
  serialize(value: T, now?: number): string
  /** A Set-Cookie header value deleting the cookie. */
  clear(): string
}

export function createSealedCookie<S extends z.ZodType>(options: {
  /** Logical name; also the additional authenticated data. */
  name: string
  schema: S
  maxAgeSeconds: number
}): SealedCookie<z.output<S>> {
  const { name: logicalName, schema, maxAgeSeconds } = options
  const secure = () => getEnv().APP_ENV === 'production'
  // `__Host-` cookies must be Secure, Path=/ and have no Domain: the browser then refuses a
  // sibling subdomain that tries to plant or overwrite them.
  const cookieName = () => (secure() ? `__Host-${logicalName}` : logicalName)
  const attributes = (maxAge: number) =>
    [
      `Path=/`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure() ? ['Secure'] : []),
    ].join('; ')

  return {
    get name() {
      return cookieName()
    },
    read(request) {
      const raw = readCookie(request.headers.get('Cookie'), cookieName())
      if (!raw) return null
      const value = unseal(raw, getEnv().SESSION_SECRET, logicalName)
      if (value === null) return null
      const parsed = schema.safeParse(value)
      return parsed.success ? parsed.data : null
    },
    serialize(value, now = Date.now()) {
      const token = seal(value, getEnv().SESSION_SECRET, logicalName, now + maxAgeSeconds * 1000)
      return `${cookieName()}=${token}; ${attributes(maxAgeSeconds)}`
    },
    clear() {
      return `${cookieName()}=; ${attributes(0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
    },
  }
}
