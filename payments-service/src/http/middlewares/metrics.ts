import { createHash, timingSafeEqual } from 'node:crypto'
import type { AppContext, AppMiddleware } from '../context.ts'
import { ApiError } from '../errors.ts'
import type { Metrics } from '../metrics.ts'

export const METRICS_PATH = '/metrics'

/** The route pattern @koa/router matched (`/api/payments/:id/`), never the raw path. */
function routeOf(ctx: AppContext): string {
  const matched = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute
  return typeof matched === 'string'
    ? matched
    : ctx.path === METRICS_PATH
      ? METRICS_PATH
      : 'unmatched'
}

/**
 * Times every request into the histogram, labelled by route pattern so ids in paths cannot blow
 * up the number of series. Outside the error handler, so errors count with their final status.
 */
export function requestMetrics(metrics: Metrics): AppMiddleware {
  return async (ctx, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.httpDuration.observe(
        { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) },
        (performance.now() - started) / 1000,
      )
    }
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Constant-time comparison of `Authorization: Bearer <token>` with the configured token. */
export function bearerMatches(header: string, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match?.[1]) return false
  return timingSafeEqual(digest(match[1]), digest(token))
}

/**
 * `GET /metrics` for Prometheus, behind `Authorization: Bearer METRICS_TOKEN` (ADR 007). Without
 * a token configured the endpoint does not exist (404), so a forgotten setting never publishes
 * the numbers.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): AppMiddleware {
  return async (ctx, next) => {
    if (!token || ctx.path !== METRICS_PATH) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    if (!bearerMatches(ctx.get('Authorization'), token)) {
      throw new ApiError(401, 'اطلاعات احراز هویت ارسال نشده است.', 'not_authenticated', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      })
    }
    ctx.type = metrics.registry.contentType
    ctx.body = await metrics.registry.metrics()
  }
}
