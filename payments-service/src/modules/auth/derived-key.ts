import { hkdfSync, type KeyObject } from 'node:crypto'

/**
 * A 32-byte key for one use of the service's signing key (JWT_PRIVATE_KEY), derived with HKDF
 * under that use's label: no extra secret to configure, and each use's key stays apart from
 * signing and from every other label.
 */
export const derivedKey = (signingKey: KeyObject, label: string): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      signingKey.export({ format: 'der', type: 'pkcs8' }),
      Buffer.alloc(0),
      label,
      32,
    ),
  )
