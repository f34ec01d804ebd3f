import { randomUUID } from 'node:crypto'
import { isIP } from 'node:net'

/**
 * Request ids and X-Forwarded-* headers for calls web makes on a customer's behalf, through the
 * `/api` proxy and from loaders and actions alike, so payments-service logs and rate limits see the
 * customer and not web.
 *
 * web's server puts the one client address it decided on (from the socket, or from
 * X-Forwarded-For across TRUSTED_PROXY_HOPS proxies; server/client-address.ts, ADR 016) into
 * the request's X-Forwarded-For before Remix sees it. That single address is passed on; a chain
 * or anything that is not one IP address (a request that did not come through web's server) is
 * not, and payments-service then counts web's own address.
 */

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/

const requestIds = new WeakMap<Request, string>()

/** The incoming X-Request-Id when it looks sane, else a new UUID; stable for one request. */
export function getRequestId(request: Request): string {
  let id = requestIds.get(request)
  if (!id) {
    const incoming = request.headers.get('X-Request-Id')
    id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
    requestIds.set(request, id)
  }
  return id
}

export function forwardedHeaders(request: Request): Record<string, string> {
  const url = new URL(request.url)
  const headers: Record<string, string> = {
    'X-Forwarded-Proto':
      firstValue(request.headers.get('X-Forwarded-Proto')) ?? url.protocol.replace(/:$/, ''),
    'X-Forwarded-Host':
      firstValue(request.headers.get('X-Forwarded-Host')) ??
      request.headers.get('Host') ??
      url.host,
    'X-Request-Id': getRequestId(request),
  }
  const forwardedFor = request.headers.get('X-Forwarded-For')?.trim()
  if (forwardedFor && isIP(forwardedFor)) headers['X-Forwarded-For'] = forwardedFor
  return headers
}

function firstValue(header: string | null): string | undefined {
  const value = header?.split(',')[0]?.trim()
  return value ? value : undefined
}
