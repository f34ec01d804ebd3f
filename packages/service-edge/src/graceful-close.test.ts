import { once } from 'node:events'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { gracefulCloser } from './graceful-close.ts'

/** A server whose answers take `delayMs`. */
async function slowServer(delayMs: number) {
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => setTimeout(() => res.end(`done ${req.url}`), delayMs))
  })
  // Short, so that an idle keep-alive connection does not hold a test for 5 s.
  server.keepAliveTimeout = 300
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { server, closer: gracefulCloser(server), port: (server.address() as AddressInfo).port }
}

/** One raw HTTP/1.1 request on its own socket; resolves with what came back. */
function rawRequest(port: number, path: string): { sent: Promise<void>; answer: Promise<string> } {
  const socket = net.connect(port, '127.0.0.1')
  let data = ''
  socket.on('data', (chunk) => (data += chunk.toString()))
  const sent = new Promise<void>((resolve) =>
    socket.once('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`, () =>
        resolve(),
      ),
    ),
  )
  const answer = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(data))
    socket.on('error', () => undefined)
  })
  return { sent, answer }
}

describe('closeGracefully', () => {
  it('answers requests in flight, with Connection: close, then resolves', async () => {
    const { closer, port } = await slowServer(300)
    const inFlight = fetch(`http://127.0.0.1:${port}/a`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(closer.draining).toBe(false)
    const closing = closer.close({ graceMs: 5_000 })
    expect(closer.draining).toBe(true)
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.text()).toBe('done /a')
    await closing
    await expect(fetch(`http://127.0.0.1:${port}/b`)).rejects.toThrow()
  })

  it('answers a request the server had not read yet when the close began', async () => {
    const { closer, port } = await slowServer(10)
    const request = rawRequest(port, '/unread')
    await request.sent
    // The bytes are on the socket, but the busy event loop has not parsed them: this is the
    // connection http.Server#close() would have taken for idle and reset.
    const closing = closer.close({ graceMs: 5_000 })
    const until = Date.now() + 100
    while (Date.now() < until) {
      // busy, as a loaded server is
    }
    const answer = await request.answer
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    expect(answer).toContain('Connection: close')
    expect(answer).toContain('done /unread')
    await closing
  })

  it('still serves new connections while lingering, then refuses them', async () => {
    const { closer, port } = await slowServer(10)
    const closing = closer.close({ graceMs: 5_000, lingerMs: 300 })
    const during = await fetch(`http://127.0.0.1:${port}/during`)
    expect(during.status).toBe(200)
    expect(during.headers.get('connection')).toBe('close')
    await closing
    await expect(fetch(`http://127.0.0.1:${port}/after`)).rejects.toThrow()
  })

  it('lets idle keep-alive connections end by their timeout', async () => {
    const { closer, port } = await slowServer(10)
    // An earlier request leaves its connection open and idle (keep-alive).
    expect((await fetch(`http://127.0.0.1:${port}/earlier`)).status).toBe(200)
    let forced = false
    const started = Date.now()
    await closer.close({ graceMs: 5_000, onForce: () => (forced = true) })
    expect(forced).toBe(false)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('cuts what is left after the bound', async () => {
    const { closer, port } = await slowServer(60_000)
    const hung = fetch(`http://127.0.0.1:${port}/forever`).catch(() => 'cut')
    await new Promise((resolve) => setTimeout(resolve, 50))
    let forced = false
    const started = Date.now()
    await closer.close({ graceMs: 300, onForce: () => (forced = true) })
    expect(forced).toBe(true)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(await hung).toBe('cut')
  })
})
