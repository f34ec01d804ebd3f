import { createHash, timingSafeEqual } from 'node:crypto'
import type { AppContext } from './context.ts'
import { ApiError } from './errors.ts'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Constant-time comparison of `Authorization: Bearer <token>` with the configured token. */
export function bearerMatches(header: string, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match?.[1]) return false
  return timingSafeEqual(digest(match[1]), digest(token))
}

/**
 * The guard of the calls only our own processes make (metrics scrapes, the change bus, the cms's
 * moderation record): `Authorization: Bearer <secret>`, compared in constant time, else 401.
 */
export function requireBearer(ctx: AppContext, secret: string, realm: string): void {
  if (!bearerMatches(ctx.get('Authorization'), secret)) {
    throw new ApiError(401, 'اطلاعات احراز هویت ارسال نشده است.', 'not_authenticated', {
      headers: { 'WWW-Authenticate': `Bearer realm="${realm}"` },
    })
  }
}
