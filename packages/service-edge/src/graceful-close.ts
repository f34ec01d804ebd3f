import type { Server, ServerResponse } from 'node:http'
import net from 'node:net'

/**
 * Closes an HTTP server without cutting a request a client already sent (SIGTERM of a load
 * balanced instance). Server-side only (node:net): import it from `@arzpol/service-edge`,
 * and install it right after `listen()`, since it has to see requests as they start.
 *
 * `http.Server#close()` also resets every connection it deems idle at that moment, and a
 * connection whose request bytes sit unread while the event loop is busy looks idle: its client
 * gets a reset for a request it had sent (seen under load in tests/e2e/faults.spec.ts). Closing
 * the listener has the same effect on connections the kernel accepted that a busy server has
 * not picked up yet. So: every answer from the signal on (and every one not yet started) carries
 * `Connection: close`; the listener keeps accepting for `lingerMs` (while the load balancer
 * stops sending), then closes with `net.Server#close`, which leaves open connections alone;
 * connections that stay idle end by the server's keep-alive timeout (5 s by default). What is
 * left after `graceMs` (counted from the signal) is cut.
 */
export interface GracefulCloseOptions {
  /** Bound for the whole drain; then every connection is cut. */
  graceMs: number
  /** How long new connections are still accepted (and answered with Connection: close). */
  lingerMs?: number
  /** Called when the bound is reached with connections still open. */
  onForce?: () => void
}

export interface GracefulCloser {
  close(options: GracefulCloseOptions): Promise<void>
  /** True from `close()` on: readiness probes answer 503 so the load balancer stops sending. */
  readonly draining: boolean
}

export function gracefulCloser(server: Server): GracefulCloser {
  const inFlight = new Set<ServerResponse>()
  let draining = false
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
  }
  // One listener function for every response ('close' comes once): no closure per request.
  function forget(this: ServerResponse) {
    inFlight.delete(this)
  }
  server.on('request', (_req, res: ServerResponse) => {
    if (draining) closeAfter(res)
    inFlight.add(res)
    res.on('close', forget)
  })

  return {
    get draining() {
      return draining
    },
    async close({ graceMs, lingerMs = 0, onForce }) {
      draining = true
      for (const res of inFlight) closeAfter(res)
      const force = setTimeout(() => {
        onForce?.()
        server.closeAllConnections()
      }, graceMs)
      try {
        if (lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, lingerMs))
        await new Promise<void>((resolve) => {
          net.Server.prototype.close.call(server, () => resolve())
        })
      } finally {
        clearTimeout(force)
      }
    },
  }
}
