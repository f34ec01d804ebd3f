import { bearerMatches } from '@arzpol/service-edge'
import type { AppContext } from './context.ts'
import { ApiError } from './errors.ts'

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
