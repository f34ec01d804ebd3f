import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { getFreePort } from './network.ts'
import { REPLICA_HEADER, startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts'

/** A replica: a real HTTP server on a free port, with what it was asked. */
interface Replica {
  name: string
  port: number
  hits: string[]
  close(): Promise<void>
}

/** A proxy that buffers a body, or loses one sent before it had a connection, hangs these tests. */
const HANG_LIMIT_MS = 10_000

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((thing) => thing.close()))
})

async function replica(
  name: string,
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(`${name} ${req.method} ${req.url}`)
  },
): Promise<Replica> {
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    handle(req, res)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const handle_ = {
    name,
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  running.push(handle_)
  return handle_
}

async function proxyTo(...replicas: Array<{ name: string; port: number }>) {
  const proxy = await startRoundRobinProxy({ port: 0, upstreams: replicas })
  running.push(proxy)
  return proxy
}

/** One request through the proxy with node:http, the body sent as given, the answer read whole. */
function request(
  proxy: RoundRobinProxy,
  options: { method?: string; path?: string; body?: string; agent?: http.Agent } = {},
): Promise<{ status: number; replica: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${proxy.url}${options.path ?? '/'}`,
      { method: options.method ?? 'GET', agent: options.agent },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            replica: String(res.headers[REPLICA_HEADER] ?? ''),
            body,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

describe('round-robin proxy', () => {
  it('sends each request to the next replica, also on one kept-alive client connection', async () => {
    const one = await replica('web-1')
    const two = await replica('web-2')
    const proxy = await proxyTo(one, two)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await request(proxy, { path: `/p${i}`, agent }))
    agent.destroy()
    expect(answers.map((a) => a.replica)).toEqual([
      'web-1',
      'web-2',
      'web-1',
      'web-2',
      'web-1',
      'web-2',
    ])
    expect(answers[3]?.body).toBe('web-2 GET /p3')
    expect(proxy.served()).toEqual({ 'web-1': 3, 'web-2': 3 })
  })

  it("leaves an idle client connection to its client, past Node's 5 s", async () => {
    const proxy = await proxyTo(await replica('payments-1'))
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    let connections = 0
    agent.on('free', (socket: { connectedAt?: number }) => {
      socket.connectedAt ??= ++connections
    })
    await request(proxy, { agent })
    // Longer than a Node server keeps an idle connection by default (5 s, and a moment more).
    await new Promise((resolve) => setTimeout(resolve, 7_000))
    const again = await request(proxy, { agent })
    agent.destroy()
    expect(again.status).toBe(200)
    expect(connections).toBe(1)
  }, 15_000)

  it('passes method, path, query, headers (Host too) and status unchanged, and adds no forwarding headers', async () => {
    let seen: http.IncomingHttpHeaders = {}
    const only = await replica('payments-1', (req, res) => {
      seen = req.headers
      res.writeHead(303, { location: '/next', 'set-cookie': ['a=1', 'b=2'] })
      res.end()
    })
    const proxy = await proxyTo(only)
    const response = await fetch(`${proxy.url}/api/x/?q=%D8%A7`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'x-forwarded-for': '203.0.113.9', origin: 'http://example.test' },
      body: 'a=b',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/next')
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(only.hits).toEqual(['POST /api/x/?q=%D8%A7'])
    expect(seen.host).toBe(new URL(proxy.url).host)
    expect(seen['x-forwarded-for']).toBe('203.0.113.9')
    expect(seen.origin).toBe('http://example.test')
    expect(Object.keys(seen).filter((name) => name.startsWith('x-forwarded-'))).toEqual([
      'x-forwarded-for',
    ])
  })

  it(
    'streams a request body: the replica answers before the upload has ended',
    async () => {
      // The replica answers as soon as the first chunk arrives; the client sends the rest only
      // after reading that answer. A proxy that buffered the upload would wait here for ever.
      const only = await replica('web-1', (req, res) => {
        let received = 0
        req.on('data', (chunk: Buffer) => {
          if (received === 0) {
            res.writeHead(200, { 'content-type': 'text/plain' })
            res.write('first chunk arrived\n')
          }
          received += chunk.length
        })
        req.on('end', () => res.end(`${received} bytes\n`))
      })
      const proxy = await proxyTo(only)
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.request(`${proxy.url}/upload`, { method: 'POST' }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            body += chunk
            if (chunk.includes('first chunk arrived')) req.end(Buffer.alloc(300_000, 1))
          })
          res.on('end', () => resolve(body))
        })
        req.on('error', reject)
        req.write(Buffer.alloc(1000, 1))
      })
      expect(text).toBe('first chunk arrived\n301000 bytes\n')
    },
    HANG_LIMIT_MS,
  )

  it(
    'streams an event stream as it comes, and closes it at the replica when the client leaves',
    async () => {
      let upstreamClosed = false
      const only = await replica('web-1', (req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
        res.write('data: one\n\n')
        const timer = setInterval(() => res.write('data: tick\n\n'), 50)
        res.on('close', () => {
          clearInterval(timer)
          upstreamClosed = true
        })
      })
      const proxy = await proxyTo(only)
      const controller = new AbortController()
      const response = await fetch(`${proxy.url}/events`, { signal: controller.signal })
      expect(response.headers.get('content-type')).toBe('text/event-stream')
      const reader = response.body!.getReader()
      const first = await reader.read()
      expect(new TextDecoder().decode(first.value)).toContain('data: one')
      controller.abort()
      await expect.poll(() => upstreamClosed).toBe(true)
    },
    HANG_LIMIT_MS,
  )

  it(
    'moves any request, body and all, past a replica that refuses connections, and then skips it',
    async () => {
      const deadPort = await getFreePort()
      let body = ''
      const alive = await replica('payments-2', (req, res) => {
        req.setEncoding('utf8')
        req.on('data', (chunk: string) => (body += chunk))
        req.on('end', () => res.end('created'))
      })
      const proxy = await proxyTo({ name: 'payments-1', port: deadPort }, alive)
      const created = await request(proxy, { method: 'POST', path: '/orders', body: '{"a":1}' })
      expect(created).toMatchObject({ status: 200, replica: 'payments-2', body: 'created' })
      expect(body).toBe('{"a":1}')
      // Within the skip period every request goes straight to the survivor.
      for (let i = 0; i < 4; i++) expect((await request(proxy)).replica).toBe('payments-2')
      expect(proxy.served()).toEqual({ 'payments-1': 0, 'payments-2': 5 })
    },
    HANG_LIMIT_MS,
  )

  it('after a replica dies mid-request: a POST is answered 502 (never replayed), a GET goes to the next', async () => {
    const dying = await replica('payments-1', (req) => {
      // Read the request, then vanish without an answer (a SIGKILL mid-request).
      req.resume()
      req.on('end', () => req.socket.destroy())
    })
    const alive = await replica('payments-2')
    const proxy = await proxyTo(dying, alive)

    const post = await request(proxy, { method: 'POST', path: '/verify', body: 'x' })
    expect(post.status).toBe(502)
    expect(dying.hits).toEqual(['POST /verify'])
    expect(alive.hits).toEqual([])

    await request(proxy) // payments-2's turn
    const get = await request(proxy, { path: '/page' })
    expect(get).toMatchObject({ status: 200, replica: 'payments-2', body: 'payments-2 GET /page' })
    expect(dying.hits).toEqual(['POST /verify', 'GET /page'])
  })

  it('an upload a replica answers early (413) and closes on: its answer or a closed connection, never a 502', async () => {
    const strict = await replica('web-1', (req, res) => {
      // As Node does for a body over the limit: answer at once, close without reading the rest.
      res.writeHead(413, { connection: 'close', 'content-type': 'text/plain' })
      res.end('too large')
      req.socket.destroySoon()
    })
    const proxy = await proxyTo(strict)
    const outcomes: string[] = []
    for (let i = 0; i < 5; i++) {
      const outcome = await new Promise<string>((resolve) => {
        const req = http.request(`${proxy.url}/upload`, { method: 'POST' }, (res) => {
          res.resume()
          res.on('end', () => resolve(String(res.statusCode)))
          res.on('error', () => resolve('closed'))
        })
        req.on('error', () => resolve('closed'))
        // 8 MB in 64 KB chunks: far more than the replica will read.
        const chunk = Buffer.alloc(64 * 1024, 0x61)
        let sent = 0
        const pump = () => {
          while (sent < 128) {
            sent += 1
            if (!req.write(chunk)) return void req.once('drain', pump)
          }
          req.end()
        }
        pump()
      })
      outcomes.push(outcome)
    }
    expect(
      outcomes.every((outcome) => outcome === '413' || outcome === 'closed'),
      outcomes.join(),
    ).toBe(true)
  })

  it('a form a replica answers before reading it (a redirect for the wrong account): the answer arrives, never a reset', async () => {
    const early = await replica('web-1', (_req, res) => {
      // As a route that checks the session first: the body is never read, the connection kept.
      res.writeHead(302, { location: '/', 'content-type': 'text/plain' })
      res.end('go')
    })
    const proxy = await proxyTo(early)
    for (let i = 0; i < 5; i++) {
      // About a megabyte, as a form with a very long field: more than the sockets buffer.
      const answer = await request(proxy, { method: 'POST', body: 'a='.padEnd(1_000_000, 'x') })
      expect(answer.status).toBe(302)
    }
  })

  it('answers 502 when no replica takes the connection', async () => {
    const proxy = await proxyTo(
      { name: 'web-1', port: await getFreePort() },
      { name: 'web-2', port: await getFreePort() },
    )
    const answer = await request(proxy, { method: 'POST', body: 'x' })
    expect(answer.status).toBe(502)
    expect(answer.body).toContain('no replica answered')
  })

  it('cuts the client off when a replica dies halfway through its answer', async () => {
    const only = await replica('web-1', (_req, res) => {
      res.writeHead(200, { 'content-length': '1000' })
      res.write('only part of it')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    const proxy = await proxyTo(only)
    await expect(request(proxy)).rejects.toThrow()
  })
})
