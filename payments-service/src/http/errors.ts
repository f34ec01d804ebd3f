/**
 * Errors a handler may throw on purpose. The error handler turns them into Django-REST-style
 * bodies: `{"detail": "...", "code": "..."}` or, for input problems, `{"field": ["..."]}`.
 * Anything else that escapes a handler is a bug and becomes a bare 500.
 */

export const NON_FIELD_ERRORS = 'non_field_errors'

export type FieldErrors = Record<string, string[]>

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string,
    /** Extra top-level body fields (e.g. `retry_after`) and response headers. */
    readonly extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail)
    this.name = 'ApiError'
  }
}

export class ValidationError extends Error {
  constructor(readonly fields: FieldErrors) {
    super('validation failed')
    this.name = 'ValidationError'
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] })
  }
}

export const notAuthenticated = () =>
  new ApiError(401, 'اطلاعات احراز هویت ارسال نشده است.', 'not_authenticated', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  })

export const tokenNotValid = () =>
  new ApiError(401, 'توکن نامعتبر یا منقضی شده است.', 'token_not_valid', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  })

export const permissionDenied = () =>
  new ApiError(403, 'شما اجازه انجام این کار را ندارید.', 'permission_denied')

export const tooManyRequests = (detail: string, code: string, retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return new ApiError(429, detail, code, {
    body: { retry_after: seconds },
    headers: { 'Retry-After': String(seconds) },
  })
}
