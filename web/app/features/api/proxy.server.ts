import { getEnv } from '~/utils/env.server.ts'
import { forwardedHeaders, getRequestId } from '~/utils/request-meta.server.ts'
import { ownCookieNames } from '~/features/auth/session.server.ts'
import { getLogger } from '~/utils/logger.server.ts'

/**
 * `WEB_URL/api/*` → `PAYMENTS_URL/api/*`, so the JSON API (docs/product/api.md, and the bank's
 * callback) is reachable on the public origin. Method, path (trailing slash included), query
 * string, headers and the streamed body go upstream unchanged, except hop-by-hop headers, web's own
 * cookies and Accept-Encoding (payments-service answers uncompressed; web's own server,
 * server/app.ts, compresses for the browser). The upstream status, headers and body come back
 * unchanged, redirects included.
 */

export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'سرویس پرداخت در دسترس نیست. لطفاً کمی بعد دوباره تلاش کنید.'

/** RFC 9110 (section 7.6.1) connection-specific fields, plus legacy ones still seen in the wild. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Request headers web sets itself (fetch sets Host from the target URL). */
const REPLACED_REQUEST_HEADERS = new Set([
  'host',
  'accept-encoding',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-request-id',
])

/** Content codings Node's fetch decodes on the fly; their headers no longer describe the body. */
const DECODED_BY_FETCH = /^(gzip|x-gzip|deflate|br|zstd)$/i

function connectionTokens(headers: Headers): Set<string> {
  return new Set(
    (headers.get('connection') ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  )
}

function withoutOwnCookies(cookieHeader: string): string {
  const own = new Set(ownCookieNames())
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !own.has(part.slice(0, part.indexOf('=')).trim()))
    .join('; ')
}

export function upstreamRequestHeaders(request: Request): Headers {
  const listed = connectionTokens(request.headers)
  const headers = new Headers()
  for (const [name, value] of request.headers) {
    if (HOP_BY_HOP.has(name) || listed.has(name) || REPLACED_REQUEST_HEADERS.has(name)) continue
    if (name === 'cookie') {
      const rest = withoutOwnCookies(value)
      if (rest) headers.set('cookie', rest)
      continue
    }
    headers.append(name, value)
  }
  for (const [name, value] of Object.entries(forwardedHeaders(request))) headers.set(name, value)
  headers.set('accept-encoding', 'identity')
  return headers
}

function downstreamResponseHeaders(upstream: Response, requestId: string): Headers {
  const listed = connectionTokens(upstream.headers)
  const headers = new Headers()
  const encoding = upstream.headers.get('content-encoding')
  const decoded = encoding !== null && DECODED_BY_FETCH.test(encoding.trim())
  for (const [name, value] of upstream.headers) {
    if (HOP_BY_HOP.has(name) || listed.has(name)) continue
    if (decoded && (name === 'content-encoding' || name === 'content-length')) continue
    headers.append(name, value)
  }
  if (!headers.has('x-request-id')) headers.set('x-request-id', requestId)
  return headers
}

function upstreamUrl(request: Request): string {
  const { pathname, search } = new URL(request.url)
  // Concatenation, not `new URL(path, base)`: the path is kept byte for byte (`//`, trailing
  // slash) and can never change the upstream origin.
  return getEnv().PAYMENTS_URL.replace(/\/+$/, '') + pathname + search
}

export async function proxyToPayments(request: Request): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
  const requestId = getRequestId(request)
  let upstream: Response
  try {
    upstream = await fetch(upstreamUrl(request), {
      method: request.method,
      headers: upstreamRequestHeaders(request),
      body: hasBody ? request.body : undefined,
      redirect: 'manual',
      signal: request.signal,
      // Required by Node's fetch to stream a request body.
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit)
  } catch (error) {
    if (!request.signal.aborted) {
      getLogger().error(
        { err: error, request_id: requestId },
        '/api proxy to payments-service failed',
      )
    }
    return Response.json(
      { detail: PAYMENTS_UNAVAILABLE_MESSAGE },
      { status: 502, headers: { 'x-request-id': requestId } },
    )
  }
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: downstreamResponseHeaders(upstream, requestId),
  })
}
