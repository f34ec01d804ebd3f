import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Whether `Authorization: Bearer <token>` carries the configured token. Both sides are hashed
 * first, so the comparison takes the same time whatever was sent and however long it is.
 */
export function bearerMatches(header: string, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match?.[1]) return false
  return timingSafeEqual(digest(match[1]), digest(token))
}
