/**
 * Whether an error means "PostgreSQL cannot be reached right now" (restart, failover, network),
 * as opposed to a bug in a query. Such errors become a 503 with a Persian message: the request
 * fails at once and the next one, after PostgreSQL is back, works again through a new pooled
 * connection (knex drops connections that saw an error).
 */

// Socket errors from connecting to or talking with the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
])

// SQLSTATE: class 08 (connection exception); 57P01-57P03 (admin shutdown, crash shutdown,
// cannot connect now: the server is starting or stopping); 53300 (too many connections).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/

// node-postgres reports a dropped connection only by message.
const DROPPED_CONNECTION =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect/i

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true
  // knex: no pooled connection became free within acquireConnectionTimeout.
  if (name === 'KnexTimeoutError') return true
  if (typeof message === 'string' && DROPPED_CONNECTION.test(message)) return true
  // objection wraps driver errors in `nativeError`; AggregateError (happy eyeballs) in `errors`.
  const nested = error as { nativeError?: unknown; cause?: unknown; errors?: unknown }
  if (isDatabaseUnavailable(nested.nativeError, depth + 1)) return true
  if (isDatabaseUnavailable(nested.cause, depth + 1)) return true
  if (Array.isArray(nested.errors))
    return nested.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  return false
}
