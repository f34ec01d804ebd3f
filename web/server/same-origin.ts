import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * One origin check for every form post, in web's server (production: server/app.ts; development:
 * the Vite plugin in vite.config.ts), before Remix picks a route, so no action can forget it
 * (ADR 016). Customer and staff forms alike: the session cookie is SameSite=Lax, which keeps it
 * off cross-site POSTs in today's browsers, but not off same-site ones (a sibling subdomain),
 * not in every browser, and not off posts that need no cookie (login CSRF: a foreign page
 * signing the browser into the attacker's account).
 *
 * A request that is not GET or HEAD passes when
 * - its `Origin` is ours, or
 * - it has no `Origin` and `Sec-Fetch-Site: same-origin`, or
 * - it has neither and a `Referer` on our origin.
 * Anything else is refused with 403: another origin, `Origin: null` (sandboxed frames, redirects
 * across origins), a cross-site or same-site `Sec-Fetch-Site`, and a request with none of the
 * three. Every browser we support sends `Origin` on a POST; a client that sends nothing is not a
 * browser form, and our forms are for browsers.
 *
 * Not checked: `/api/*` (the JSON API, bearer tokens, proxied to payments-service; the bank's
 * callback arrives there cross-site by nature) and the cms's webhook (server to server, bearer
 * secret).
 */

export const CROSS_ORIGIN_MESSAGE =
  'این فرم از نشانی دیگری فرستاده شده و پذیرفته نشد. لطفاً صفحه را از خود سایت ارزپل باز کنید و دوباره بفرستید.'

const SAFE_METHODS = new Set(['GET', 'HEAD'])

/** Paths whose non-GET requests are not browser forms (Remix matches paths case-insensitively). */
export function isExemptFromOriginCheck(pathname: string): boolean {
  const path = pathname.toLowerCase()
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/resources/cms-webhook' ||
    path === '/resources/cms-webhook/' ||
    // Single fetch: a fetcher's post to the webhook route would carry `.data`.
    path === '/resources/cms-webhook.data'
  )
}

export interface OriginCheckOptions {
  /** WEB_PUBLIC_URL: the origin customers use. */
  publicUrl: string
  /**
   * TRUSTED_PROXY_HOPS > 0: the proxy in front of web names the scheme and host the browser
   * used in X-Forwarded-Proto/Host (TLS ends at the proxy). Otherwise those headers are the
   * client's and web's server removes them (client-address.ts).
   */
  trustForwardedHost: boolean
}

interface RequestLike {
  method: string
  url: string
  headers: IncomingMessage['headers']
  encrypted: boolean
}

const firstHeader = (value: string | string[] | undefined): string | undefined => {
  const raw = Array.isArray(value) ? value[0] : value
  const first = raw?.split(',')[0]?.trim()
  return first ? first : undefined
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The origins a form of ours is posted from: the scheme and host this request came to (as the
 * trusted proxy in front of web names them, when there is one), and WEB_PUBLIC_URL when it names
 * that same host (a TLS proxy that does not say the scheme). An Origin on another host is never
 * ours here: Remix itself aborts such an action (its own Host check) with a 500.
 */
export function ownOrigins(request: RequestLike, options: OriginCheckOptions): Set<string> {
  const own = new Set<string>()
  const trusted = options.trustForwardedHost
  const host =
    (trusted ? firstHeader(request.headers['x-forwarded-host']) : undefined) ??
    firstHeader(request.headers.host)
  if (!host) return own
  const scheme =
    (trusted ? firstHeader(request.headers['x-forwarded-proto']) : undefined) ??
    (request.encrypted ? 'https' : 'http')
  const direct = originOf(`${scheme}://${host}`)
  if (direct) own.add(direct)
  const publicOrigin = originOf(options.publicUrl)
  if (publicOrigin && direct && new URL(publicOrigin).host === new URL(direct).host) {
    own.add(publicOrigin)
  }
  return own
}

export type OriginVerdict = 'pass' | 'refuse'

/** Whether a request may reach a route's action; see the module comment for the rules. */
export function judgeOrigin(request: RequestLike, options: OriginCheckOptions): OriginVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return 'pass'
  const pathname = new URL(request.url, 'http://web.invalid').pathname
  if (isExemptFromOriginCheck(pathname)) return 'pass'
  const own = ownOrigins(request, options)
  const origin = firstHeader(request.headers.origin)
  if (origin !== undefined) return own.has(origin) ? 'pass' : 'refuse'
  const site = firstHeader(request.headers['sec-fetch-site'])
  if (site !== undefined) return site === 'same-origin' ? 'pass' : 'refuse'
  const referer = firstHeader(request.headers.referer)
  const refererOrigin = referer ? originOf(referer) : undefined
  return refererOrigin !== undefined && own.has(refererOrigin) ? 'pass' : 'refuse'
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/** A Persian page for a browser (the document's language and direction, no script, no style). */
export const CROSS_ORIGIN_PAGE = `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>درخواست پذیرفته نشد | ارزپل</title></head>
<body>
<main>
<h1>درخواست پذیرفته نشد</h1>
<p>${escapeHtml(CROSS_ORIGIN_MESSAGE)}</p>
<p><a href="/">بازگشت به ارزپل</a></p>
</main>
</body>
</html>
`

function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /\btext\/html\b/i.test(accept)
}

/** Writes the 403: an HTML page for a browser's document request, else plain text. */
export function refuseCrossOrigin(req: IncomingMessage, res: ServerResponse): void {
  const html = wantsHtml(req.headers.accept)
  const body = html ? CROSS_ORIGIN_PAGE : `${CROSS_ORIGIN_MESSAGE}\n`
  res.statusCode = 403
  res.setHeader('Content-Type', html ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Vary', 'Origin, Sec-Fetch-Site, Referer, Accept')
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Connect/Express middleware: refuses what `judgeOrigin` refuses, before any route runs. */
export function originCheck(options: OriginCheckOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const verdict = judgeOrigin(
      {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        encrypted: 'encrypted' in req.socket && req.socket.encrypted === true,
      },
      options,
    )
    if (verdict === 'pass') return next()
    // The request body is not read: the connection is closed after the answer, not reused.
    res.setHeader('Connection', 'close')
    refuseCrossOrigin(req, res)
  }
}
