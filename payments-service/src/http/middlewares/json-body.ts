import { bodyParser } from '@koa/bodyparser'
import type { AppMiddleware } from '../context.ts'
import { ApiError } from '../errors.ts'

/** Our JSON bodies are small forms; attachments have their own multipart limit. */
const JSON_BODY_LIMIT = '64kb'
/** Our forms nest two or three levels (`meta.flow`); a body nested deeper is refused. */
const MAX_BODY_DEPTH = 32

/**
 * JSON bodies of POST, PUT and PATCH into `ctx.request.body` (the parser's default methods: GET
 * and HEAD bodies are never read). Other media types are left to their routes (multipart).
 */
export const jsonBody = (): AppMiddleware =>
  bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT })

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
 * After `jsonBody`: a JSON body of deeply nested arrays or objects (thousands of levels fit in
 * 64 kB) would overflow the stack of whatever walks it next (validation, messages, the
 * idempotency hash), so it is refused before any of them runs (issue 16).
 */
export function refuseDeepBodies(): AppMiddleware {
  return (ctx, next) => {
    if (deeperThan(ctx.request.body, MAX_BODY_DEPTH)) {
      throw new ApiError(400, 'ساختار بدنه درخواست بیش از حد تودرتو است.', 'body_too_deep')
    }
    return next()
  }
}
