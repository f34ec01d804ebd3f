import { getEnv } from './env.server.ts'

/**
 * Form posts must come from our own pages. The session cookie is SameSite=Lax, which already keeps
 * it off cross-site POSTs; this also stops cross-site posts that need no cookie (login CSRF: a
 * foreign page signing the browser into the attacker's account). Browsers send Origin on every
 * POST; a request without one (a test, curl) is let through.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('Origin')
  if (origin === null) return
  if (allowedOrigins(request).has(origin)) return
  throw new Response('Cross-origin form submissions are not accepted.', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

function allowedOrigins(request: Request): Set<string> {
  const url = new URL(request.url)
  const allowed = new Set([url.origin, new URL(getEnv().WEB_PUBLIC_URL).origin])
  const host = request.headers.get('X-Forwarded-Host')?.split(',')[0]?.trim()
  const proto = request.headers.get('X-Forwarded-Proto')?.split(',')[0]?.trim()
  if (host || proto) allowed.add(`${proto || url.protocol.replace(/:$/, '')}://${host || url.host}`)
  return allowed
}
