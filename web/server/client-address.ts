import type { IncomingMessage, ServerResponse } from 'node:http'
import { isIP } from 'node:net'

/**
 * The customer's address, decided once in web's server (ADR 016) and handed on as the only
 * `X-Forwarded-For` entry: loaders and the `/api` proxy pass that one address to payments-service
 * (utils/request-meta.server.ts), whose per-IP limits then count customers, not web.
 *
 * With `TRUSTED_PROXY_HOPS=0` (nothing in front of web) it is the socket's peer, and whatever
 * `X-Forwarded-For` the client sent is thrown away. With n > 0, the chain is the header's entries
 * followed by the socket's peer; each of the n proxies appended the address it saw, so the client
 * is the entry n places left of the socket (the leftmost one when the chain is shorter). Entries
 * further left were written by the client and are never read.
 */

/** `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) → `203.0.113.7`; anything not an IP → undefined. */
export function normaliseAddress(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  const address = mapped ? mapped[1]! : trimmed
  return isIP(address) ? address : undefined
}

function forwardedChain(header: string | string[] | undefined): string[] {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header]
  return values
    .flatMap((value) => value.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/**
 * The client's address from the socket's peer and the `X-Forwarded-For` header, trusting
 * `trustedHops` proxies; undefined when the entry at that place is not an IP address.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string | undefined {
  if (trustedHops <= 0) return normaliseAddress(socketAddress)
  const chain = [...forwardedChain(forwardedFor), socketAddress ?? '']
  const index = Math.max(0, chain.length - 1 - trustedHops)
  return normaliseAddress(chain[index])
}

/**
 * Connect/Express middleware: replaces the request's `X-Forwarded-For` with the one client
 * address (or removes it when there is none), before Remix builds its Request from the headers.
 * With no trusted proxy, `X-Forwarded-Host` and `X-Forwarded-Proto` are the client's too and are
 * removed: web then uses the Host header and the socket (and so does Remix's own action check).
 */
export function clientAddressHeader(trustedHops: number) {
  return (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    if (trustedHops <= 0) {
      delete req.headers['x-forwarded-host']
      delete req.headers['x-forwarded-proto']
    }
    const address = clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      trustedHops,
    )
    if (address) req.headers['x-forwarded-for'] = address
    else delete req.headers['x-forwarded-for']
    next()
  }
}
