/** PostgreSQL error codes we react to (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = '23505'

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown }
  // objection wraps driver errors; the original pg error sits in `nativeError`.
  const native = (error as { nativeError?: unknown }).nativeError
  if (code !== UNIQUE_VIOLATION) return native ? isUniqueViolation(native, constraint) : false
  return constraint === undefined || violated === constraint
}
