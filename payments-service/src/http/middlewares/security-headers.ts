import type { AppMiddleware } from '../context.ts'

/**
 * Headers for every answer. The API speaks JSON to web (and, through web's `/api` proxy, to
 * browsers): nothing in it may run, be framed, be sniffed into HTML or leak a referrer. Routes
 * that serve a page (the API docs) replace the CSP with their own.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-site',
}

export function securityHeaders(): AppMiddleware {
  return (ctx, next) => {
    ctx.set(API_SECURITY_HEADERS as Record<string, string>)
    return next()
  }
}
