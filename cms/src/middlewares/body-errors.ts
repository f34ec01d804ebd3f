/**
 * `global::body-errors`, just before `strapi::body`: a request body the parser cannot read (cut
 * off, not JSON, too large, in an unknown charset) is the client's mistake, answered 4xx in
 * Strapi's error shape with a Persian message like the rest of the public API's refusals (ADR
 * 036), instead of Strapi's English parser message and an error line in the log for each.
 */

/** The `type` raw-body gives each way a body can be unreadable. */
const MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'بدنهٔ درخواست JSON درستی نیست.',
  'entity.verify.failed': 'بدنهٔ درخواست JSON درستی نیست.',
  'entity.too.large': 'بدنهٔ درخواست بیش از اندازه بزرگ است.',
  'request.size.invalid': 'اندازهٔ بدنهٔ درخواست با سرآیند Content-Length نمی‌خواند.',
  'request.aborted': 'بدنهٔ درخواست ناقص رسید.',
  'encoding.unsupported': 'کدگذاری بدنهٔ درخواست پشتیبانی نمی‌شود.',
  'charset.unsupported': 'مجموعه‌نویسهٔ بدنهٔ درخواست پشتیبانی نمی‌شود.',
}

const ERROR_NAMES: Record<number, string> = {
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
}

interface BodyError {
  type?: unknown
  status?: unknown
}

interface ErrorContext {
  status: number
  body: unknown
}

export default () => {
  return async (ctx: ErrorContext, next: () => Promise<unknown>) => {
    try {
      await next()
    } catch (error) {
      const { type, status } = (error ?? {}) as BodyError
      // co-body throws JSON.parse's own SyntaxError, with the status but without a type.
      const kind = error instanceof SyntaxError ? 'entity.parse.failed' : type
      const message = typeof kind === 'string' ? MESSAGES[kind] : undefined
      if (!message || typeof status !== 'number' || status < 400 || status >= 500) throw error
      ctx.status = status
      ctx.body = {
        data: null,
        error: { status, name: ERROR_NAMES[status] ?? 'BadRequestError', message, details: {} },
      }
    }
  }
}
