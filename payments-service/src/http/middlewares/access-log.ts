import type { Logger } from 'pino'
import type { AppMiddleware } from '../context.ts'

/**
 * One line per request at `info`, with the status the error handler settled on. Paths only:
 * bodies and query strings may hold codes or passwords. Below `info` (production runs at `warn`)
 * it costs one level check per request: no timer, no child logger.
 */
export function accessLog(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    // Checked per request, so a level changed at run time takes effect at once.
    if (!logger.isLevelEnabled('info')) return next()
    const started = performance.now()
    try {
      await next()
    } finally {
      ctx.state.logger.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      )
    }
  }
}
