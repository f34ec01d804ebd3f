import type { ServerResponse } from 'node:http'

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

const SECURITY_HEADERS = Object.entries(API_SECURITY_HEADERS)

/** Set first thing, so errors carry them too; a route may still replace one (the docs' CSP). */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value)
}
