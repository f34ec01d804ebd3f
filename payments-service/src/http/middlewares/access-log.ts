import type { AppContext } from '../context.ts'

/**
 * One line per request at `info` (the request frame calls it only when `info` is enabled, so
 * production, at `warn`, pays one level check). Paths only: bodies and query strings may hold
 * codes or passwords.
 */
export function logRequest(ctx: AppContext, startedMs: number): void {
  ctx.state.logger.info(
    {
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      ms: Math.round((performance.now() - startedMs) * 10) / 10,
    },
    'request',
  )
}
