import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Constant-time check of `Authorization: Bearer <token>` against the configured token. */
export function bearerMatches(header: string, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match?.[1]) return false
  return timingSafeEqual(digest(match[1]), digest(token))
}
