import type { AppMiddleware } from '../context.ts'

/** One line per request. Paths only: bodies and query strings may hold codes or passwords. */
export function accessLog(): AppMiddleware {
  return async (ctx, next) => {
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
