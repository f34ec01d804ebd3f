import type { AppMiddleware } from '../context.ts'

/**
 * Headers for every answer. The API speaks JSON to web (and, through web's `/api` proxy, to
 * browsers): nothing in it may run, be framed, be sniffed into HTML or leak a referrer. Responses
 * carry tokens and personal data, so nothing may sit in a shared cache either. Routes that serve
 * a page (the API docs) or public data (JWKS, daily rates) replace the CSP or the cache policy.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-site',
  'Cache-Control': 'no-store',
}

/** Set before the route runs, so errors carry them too; a route may still replace one. */
export function securityHeaders(): AppMiddleware {
  return (ctx, next) => {
    ctx.set(API_SECURITY_HEADERS)
    return next()
  }
}
