import { bodyParser } from '@koa/bodyparser'
import type { Logger } from 'pino'
import type { AppContext, AppMiddleware } from '../context.ts'
import { ApiError } from '../errors.ts'
import type { Metrics } from '../metrics.ts'
import { logRequest } from './access-log.ts'
import { answerError, requireAnswered } from './error-handler.ts'
import { isMetricsScrape, observeRequest, serveMetrics } from './metrics.ts'
import { beginRequest } from './request-id.ts'
import { setSecurityHeaders } from './security-headers.ts'

/** Our JSON bodies are small forms; attachments have their own multipart limit. */
const JSON_BODY_LIMIT = '64kb'
/** Our forms nest two or three levels (`meta.flow`); a body nested deeper is refused. */
const MAX_BODY_DEPTH = 32

/** Whether a parsed body nests deeper than `limit` (recursion bounded by the limit itself). */
function deeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false
  if (limit === 0) return true
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (deeperThan(item, limit - 1)) return true
  }
  return false
}

/**
 * A JSON body of deeply nested arrays or objects (thousands of levels fit in 64 kB) would
 * overflow the stack of whatever walks it next (validation, messages, the idempotency hash):
 * refused before any of them runs.
 */
function refuseDeepBody(ctx: AppContext): void {
  if (deeperThan(ctx.request.body, MAX_BODY_DEPTH)) {
    throw new ApiError(400, 'ساختار بدنه درخواست بیش از حد تودرتو است.', 'body_too_deep')
  }
}

// Responses carry tokens and personal data: nothing may sit in a shared cache unless a route
// says otherwise (JWKS, docs, daily rates).
const NO_STORE = 'no-store'

export interface RequestFrameDeps {
  logger: Logger
  /** Times every request; without it nothing is counted (unit tests of single middlewares). */
  metrics?: Metrics
  /** `GET /metrics` exists only with a token (ADR 007): a forgotten setting publishes nothing. */
  metricsToken?: string | undefined
  /**
   * The app's routes, run inside this frame rather than as the next Koa middleware (one
   * dispatch less per request). Without it the frame calls `next`.
   */
  routes?: AppMiddleware
}

/**
 * Everything every request goes through before and after its route, in one Koa middleware:
 * request id and `ctx.state`, the security headers, the metrics timer, the access log, the
 * error answers, `/metrics`, no-store by default, the JSON body parser, and the Persian 404/405
 * of a request no route answered.
 *
 * One frame rather than a middleware each: every Koa middleware is a dispatch and a promise
 * on every request, and on the quote (the call made on every keystroke) those seven frames
 * were a sixth of the service's time per request (bench/, ADR 010). The order inside is the
 * order they had as a chain; each part stays a named function in its own module.
 */
export function requestFrame(deps: RequestFrameDeps): AppMiddleware {
  const { logger, metrics, metricsToken, routes } = deps
  const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT })
  return async (ctx, koaNext) => {
    const next = routes ? () => routes(ctx, koaNext) : koaNext
    const started = performance.now()
    beginRequest(ctx, logger)
    setSecurityHeaders(ctx.res)
    try {
      if (metrics && metricsToken && isMetricsScrape(ctx)) {
        await serveMetrics(ctx, metrics, metricsToken)
        return
      }
      ctx.res.setHeader('Cache-Control', NO_STORE)
      // GET and HEAD carry no body we read: they skip the parser without entering it.
      if (ctx.method === 'GET' || ctx.method === 'HEAD') await next()
      else
        await parseJson(ctx, () => {
          refuseDeepBody(ctx)
          return next()
        })
      requireAnswered(ctx)
    } catch (error) {
      answerError(ctx, error)
    } finally {
      if (metrics) observeRequest(metrics, ctx, started)
      // Checked per request, so a level changed at run time takes effect at once.
      if (logger.isLevelEnabled('info')) logRequest(ctx, started)
    }
  }
}
