import { isIP } from 'node:net'
import type { AppContext } from './context.ts'

/**
 * The client's address for the per-IP limits and their rows: `ctx.ip` (the last
 * X-Forwarded-For entry, which web appends) when it is an IP address; otherwise the peer of
 * the socket. A garbled or oversized header (once it reached a varchar(64) and answered 500)
 * can then neither reach a column nor slip out of the per-IP limits.
 */
export function clientIpOf(ctx: AppContext): string | null {
  const ip = ctx.ip
  if (ip && isIP(ip)) return ip
  return ctx.req.socket.remoteAddress ?? null
}
