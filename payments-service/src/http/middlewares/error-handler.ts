import { toPersianDigits } from '@arzpol/contracts'
import type { AppContext } from '../context.ts'
import { isDatabaseUnavailable } from '../database-unavailable.ts'
import { ApiError, ValidationError } from '../errors.ts'

export const INTERNAL_ERROR_DETAIL = 'خطای داخلی سرور'
export const NOT_FOUND_DETAIL = 'یافت نشد'
export const UNAVAILABLE_DETAIL = 'سرویس موقتاً در دسترس نیست. لطفاً چند لحظه بعد دوباره تلاش کنید.'
/** Seconds a client should wait before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER = 5

/** Errors raised by Koa, the router and the body parser (http-errors and co-body). */
interface HttpLikeError {
  status?: unknown
  expose?: unknown
  type?: unknown
}

function fromHttpError(error: HttpLikeError, ctx: AppContext): ApiError | null {
  const status = typeof error.status === 'number' ? error.status : undefined
  // co-body rethrows JSON.parse's SyntaxError with status 400 but without `expose`.
  if (status === 400 && error instanceof SyntaxError) {
    return new ApiError(400, 'بدنه درخواست JSON معتبر نیست.', 'parse_error')
  }
  if (status === undefined || status >= 500 || error.expose !== true) return null
  switch (error.type) {
    case 'entity.too.large':
      return new ApiError(413, 'حجم درخواست بیش از حد مجاز است.', 'payload_too_large')
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, 'کدگذاری بدنه درخواست پشتیبانی نمی‌شود.', 'unsupported_media_type')
  }
  if (status === 405) return methodNotAllowed(ctx)
  if (status === 404) return new ApiError(404, NOT_FOUND_DETAIL, 'not_found')
  return new ApiError(status, `درخواست نامعتبر است (${toPersianDigits(status)}).`, 'bad_request')
}

/**
 * The only place that shapes error bodies. Expected errors keep their status and Persian text;
 * anything unexpected is logged with the request id and answered with a generic 500 so no
 * internals leak to the client.
 */
export function answerError(ctx: AppContext, error: unknown): void {
  if (error instanceof ValidationError) {
    ctx.status = 400
    ctx.body = error.fields
    return
  }
  const apiError = error instanceof ApiError ? error : fromHttpError(error as HttpLikeError, ctx)
  if (apiError) {
    ctx.status = apiError.status
    for (const [name, value] of Object.entries(apiError.extra.headers ?? {})) {
      ctx.set(name, value)
    }
    // 404 and 500 keep the bare `{"detail"}` bodies the web client was promised.
    ctx.body =
      apiError.code === 'not_found'
        ? { detail: apiError.detail }
        : { detail: apiError.detail, code: apiError.code, ...apiError.extra.body }
    return
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: answer at once so web can show its message, and let the pool
    // reconnect on a later request.
    ctx.state.logger.warn(
      { err: error, method: ctx.method, path: ctx.path },
      'database unavailable',
    )
    ctx.status = 503
    ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER))
    ctx.body = { detail: UNAVAILABLE_DETAIL, code: 'service_unavailable' }
    return
  }
  ctx.state.logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error')
  ctx.status = 500
  ctx.body = { detail: INTERNAL_ERROR_DETAIL }
}

const methodNotAllowed = (ctx: AppContext) =>
  new ApiError(405, `متد «${ctx.method}» مجاز نیست.`, 'method_not_allowed')

/**
 * After the router: a request no route answered (404) or answered only for other methods (405,
 * with the router's Allow header kept) gets the Persian error.
 */
export function requireAnswered(ctx: AppContext): void {
  if (ctx.body !== null && ctx.body !== undefined) return
  if (ctx.status === 404) throw new ApiError(404, NOT_FOUND_DETAIL, 'not_found')
  if (ctx.status === 405) throw methodNotAllowed(ctx)
}
