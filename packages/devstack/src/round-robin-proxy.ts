import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * The load balancer in front of a service's replicas on one machine: every request goes to the
 * next replica in turn, with no stickiness, as an ingress spreads them over pods. So a journey's
 * consecutive requests (a page and its form post, the bank's callback and the page after it)
 * land on different processes, and whatever a service keeps only in its own memory shows up.
 *
 * Transparent on purpose: the method, path, headers (Host included) and body pass unchanged and
 * nothing is added on the way in, so a replica sees the same peer address and the same
 * X-Forwarded-For it would see without the proxy, and the services' per-address limits and their
 * trust of forwarded headers behave as before. The one addition is `X-Devstack-Replica` on the
 * way out, naming the replica that answered, so tests can see that a burst was spread.
 *
 * Bodies stream both ways and are never buffered: uploads, downloads and Server-Sent Events pass
 * as they come, and response headers are sent as soon as a replica sends them.
 *
 * When a replica cannot be reached, the request goes to the next one only while that cannot do
 * anything twice:
 * - a replica that never accepted the connection (refused: the process is gone or not yet
 *   listening) has seen none of the request, and the request's body has not been read yet (it is
 *   piped only once the connection is up), so any method moves on to the next replica, and the
 *   refusing one is skipped for a moment;
 * - a connection that broke after the request was sent (the replica was killed mid-request) is
 *   retried elsewhere only for GET, HEAD and OPTIONS without a body, which HTTP lets a client
 *   repeat and which the proxy can send again without having kept a copy. Anything
 *   else may already have done its work there (an order created, a payment verified): it is
 *   answered 502, as an ingress does, and the client decides, with its Idempotency-Key if it
 *   has one. Replaying it here would hide from the tests exactly the double work they look for;
 * - once response headers went out, nothing can be retried: the client's connection is cut, so a
 *   half-sent answer never looks complete.
 *
 * WebSocket upgrades are not proxied: none of the services behind it uses one (Vite's dev
 * server, whose hot reload does, always runs as a single process without a proxy).
 */

export interface Upstream {
  /** The replica's name, e.g. `payments-2` (logs and `X-Devstack-Replica`). */
  name: string
  port: number
  host?: string
}

export interface RoundRobinProxyOptions {
  /** Where the proxy listens: the service's public port. 0 picks a free one (tests). */
  port: number
  host?: string
  upstreams: Upstream[]
  /** How long a replica that refused a connection is passed over (default 1 s). */
  skipRefusingForMs?: number
  /** One line about a replica that could not be reached, for the launcher's log. */
  onEvent?: (line: string) => void
}

export interface RoundRobinProxy {
  url: string
  port: number
  /** Requests each replica answered (response headers received), by name. */
  served(): Record<string, number>
  close(): Promise<void>
}

export const REPLICA_HEADER = 'x-devstack-replica'

/** Methods HTTP lets a client send again after an unknown outcome, and that carry no body here. */
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Per-hop headers (RFC 9110, section 7.6.1): each connection has its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
])

const hasNoBody = (req: http.IncomingMessage) =>
  req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  const kept: http.OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue
    kept[name] = value
  }
  return kept
}

/**
 * The rest of a body the replica answered before reading: forwarded as it comes, without
 * waiting for 'drain', which a request whose answer arrived may never emit again (the piped
 * body would stall until the replica's idle timeout). The replica, kept alive, reads it on and
 * drops it.
 */
function forwardRestOfBody(req: http.IncomingMessage, upstream: http.ClientRequest) {
  req.unpipe(upstream)
  req.on('data', (chunk: Buffer) => {
    if (!upstream.destroyed) upstream.write(chunk)
  })
  req.once('end', () => {
    if (!upstream.destroyed) upstream.end()
  })
  // Unpiping paused it.
  req.resume()
}

/** The client's body no replica will read any more: read to its end and dropped. */
function dropRestOfBody(req: http.IncomingMessage, upstream: http.ClientRequest) {
  req.unpipe(upstream)
  req.resume()
}

export async function startRoundRobinProxy(
  options: RoundRobinProxyOptions,
): Promise<RoundRobinProxy> {
  if (options.upstreams.length === 0) throw new Error('round-robin proxy: no upstreams')
  const host = options.host ?? '127.0.0.1'
  const skipFor = options.skipRefusingForMs ?? 1_000
  const upstreams = options.upstreams.map((upstream) => ({
    ...upstream,
    host: upstream.host ?? '127.0.0.1',
    skipUntil: 0,
    served: 0,
  }))
  type Target = (typeof upstreams)[number]
  let cursor = 0
  const say = options.onEvent ?? (() => undefined)
  // A fresh connection per request: a kept-alive one may be closed by the replica just as a
  // request is written on it, a failure that looks like a crash mid-request and would turn a
  // POST into a needless 502. Connections on the loopback cost next to nothing.
  const agent = new http.Agent({ keepAlive: false })

  /** The replicas in the order this request should try them: next in turn first. */
  function order(): Target[] {
    const start = cursor
    cursor = (cursor + 1) % upstreams.length
    const turn = upstreams.map((_, i) => upstreams[(start + i) % upstreams.length]!)
    const now = Date.now()
    // Replicas that refused a moment ago go last rather than nowhere: when every one refused,
    // each is still tried (one may just have come back).
    return [...turn.filter((u) => u.skipUntil <= now), ...turn.filter((u) => u.skipUntil > now)]
  }

  function badGateway(res: http.ServerResponse, why: string) {
    if (res.headersSent) {
      res.destroy()
      return
    }
    const body = JSON.stringify({ detail: `no replica answered: ${why}` })
    res.writeHead(502, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    })
    res.end(body)
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, targets: Target[]) {
    const target = targets[0]
    if (!target) return badGateway(res, 'every replica refused the connection')
    const method = req.method ?? 'GET'
    let connected = false
    let answered = false
    let answerEnded = false

    const upstream = http.request({
      host: target.host,
      port: target.port,
      method,
      path: req.url,
      // Keep-alive to the replica, though the agent never reuses the connection: a replica that
      // answers before reading a body (a redirect for a form it will not read) then reads the
      // rest and throws it away, as it does for a client without the proxy, instead of closing
      // while the body is still arriving (a reset that can destroy its answer on the way).
      headers: { ...endToEnd(req.headers), connection: 'keep-alive' },
      agent,
    })

    const sendBody = () => {
      connected = true
      // A retried GET was read to its (empty) end by the replica tried before.
      if (req.readableEnded) upstream.end()
      else req.pipe(upstream)
    }
    upstream.on('socket', (socket: Socket) => {
      if (socket.connecting) socket.once('connect', sendBody)
      else sendBody()
    })

    upstream.on('response', (answer) => {
      answered = true
      target.served += 1
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
        ...endToEnd(answer.headers),
        [REPLICA_HEADER]: target.name,
      })
      // Event streams and slow downloads: the client gets the headers now, not with the first
      // chunk of a body that may be minutes away.
      res.flushHeaders()
      if (!req.readableEnded) forwardRestOfBody(req, upstream)
      answer.pipe(res, { end: false })
      answer.on('end', () => {
        answerEnded = true
        // A replica may answer before reading the body (a redirect for a form it will not
        // read): the answer is kept open until the client finished sending, so this server
        // never starts the next request of the connection with a body still on the wire.
        if (req.readableEnded) return void res.end()
        req.once('end', () => res.end())
        // A replica that closed instead of reading on: the rest is read here and dropped.
        upstream.once('close', () => dropRestOfBody(req, upstream))
      })
      // The replica died halfway through its answer: the client's connection is cut too.
      answer.on('close', () => {
        if (!answer.complete) res.destroy()
      })
    })

    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Its whole answer is on the way to the client: only the unread body is lost.
      if (answerEnded) return dropRestOfBody(req, upstream)
      if (answered) {
        res.destroy()
        return
      }
      if (!connected) {
        target.skipUntil = Date.now() + skipFor
        say(`${target.name} refused a connection (${error.code ?? error.message}); trying the next`)
        forward(req, res, targets.slice(1))
        return
      }
      // The path only: a query string may carry a code or a bank reference.
      const path = (req.url ?? '/').split('?')[0]
      say(`${target.name} dropped ${method} ${path} (${error.code ?? error.message})`)
      if (REPEATABLE.has(method) && hasNoBody(req) && !res.headersSent) {
        forward(req, res, targets.slice(1))
        return
      }
      // The replica closed while the client was still sending: a server answering early (413 to
      // an upload over its limit) and closing, as Node does. Whether its answer arrived first is
      // a race the proxy may lose; the client then gets what the replica gave it, a closed
      // connection, as it would have without the proxy, not a 502 the replica never sent.
      if (!req.readableEnded) {
        res.destroy()
        return
      }
      badGateway(res, `${target.name} failed during the request`)
    })

    // The client went away (a closed tab, an event stream it stopped reading): so does the
    // request to the replica, which then stops its own work for it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
  }

  const server = http.createServer((req, res) => forward(req, res, order()))
  // Long uploads and event streams are the replica's to time out, not the proxy's.
  server.requestTimeout = 0
  server.headersTimeout = 60_000
  // Idle client connections are the client's to close. With Node's 5 s idle timeout a client
  // whose event loop ran late under load (undici lets a connection go at the timeout the server
  // announces, less 2 s) wrote its next request just as the proxy closed the connection, and a
  // POST got a reset it cannot tell from a crash. A longer timeout would move the race, not end
  // it (the client adopts the announced one). Without a timeout none is announced: clients keep
  // their own short idle time, and the proxy closes what is left when it stops.
  server.keepAliveTimeout = 0
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://${host}:${port}`,
    port,
    served: () => Object.fromEntries(upstreams.map((u) => [u.name, u.served])),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        agent.destroy()
      }),
  }
}
