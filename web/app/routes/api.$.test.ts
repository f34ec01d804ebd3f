import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { action, loader } from '~/routes/api.$.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '~/features/api/proxy.server.ts'

/** What the upstream saw of one request. */
interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

let server: Server
let upstream = ''
const seen: Seen[] = []

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
    const path = (req.url ?? '').split('?')[0]
    if (path === '/api/redirect/') {
      res.writeHead(302, { Location: '/dashboard/orders?paid=1' })
      return res.end()
    }
    if (path === '/api/cookies/') {
      res.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/; HttpOnly'])
      res.setHeader('Connection', 'close')
      res.writeHead(201, { 'Content-Type': 'text/plain', 'X-Custom': 'yes' })
      return res.end('made')
    }
    if (path === '/api/gzip/') {
      const zipped = gzipSync(JSON.stringify({ zipped: true }))
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': String(zipped.length),
      })
      return res.end(zipped)
    }
    if (path === '/api/empty/') {
      res.writeHead(204)
      return res.end()
    }
    if (path === '/api/stream/') {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.write('first,')
      setTimeout(() => res.end('second'), 20)
      return
    }
    res.writeHead(418, { 'Content-Type': 'application/json', 'X-Request-Id': 'from-upstream' })
    res.end(JSON.stringify({ detail: 'teapot' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  seen.length = 0
  process.env.PAYMENTS_URL = upstream
  resetEnvCache()
})

const WEB = 'http://127.0.0.1:3000'

function last(): Seen {
  const request = seen.at(-1)
  if (!request) throw new Error('upstream saw nothing')
  return request
}

const args = (request: Request) => ({ request, params: {}, context: {} })

describe('/api/* proxy', () => {
  it('forwards method, exact path with its trailing slash, and query string', async () => {
    const response = await loader(
      args(new Request(`${WEB}/api/quote/?amount=12.5&currency=USD&x=%D8%A7`)),
    )
    expect(response.status).toBe(418)
    expect(await response.json()).toEqual({ detail: 'teapot' })
    expect(last()).toMatchObject({
      method: 'GET',
      url: '/api/quote/?amount=12.5&currency=USD&x=%D8%A7',
    })

    await loader(args(new Request(`${WEB}/api/ticketing/tickets`)))
    expect(last().url).toBe('/api/ticketing/tickets')
  })

  it('passes end-to-end headers and drops hop-by-hop ones', async () => {
    await loader(
      args(
        new Request(`${WEB}/api/auth/me/`, {
          headers: {
            Authorization: 'Bearer abc',
            Accept: 'application/json',
            Connection: 'keep-alive, X-Secret-Hop',
            'Keep-Alive': 'timeout=5',
            'X-Secret-Hop': 'drop me',
            TE: 'trailers',
            Upgrade: 'h2c',
            'Proxy-Authorization': 'Basic xyz',
            'Accept-Encoding': 'gzip, br',
          },
        }),
      ),
    )
    const { headers } = last()
    expect(headers.authorization).toBe('Bearer abc')
    expect(headers.accept).toBe('application/json')
    expect(headers['x-secret-hop']).toBeUndefined()
    expect(headers['keep-alive']).toBeUndefined()
    expect(headers.te).toBeUndefined()
    expect(headers.upgrade).toBeUndefined()
    expect(headers['proxy-authorization']).toBeUndefined()
    expect(headers['accept-encoding']).toBe('identity')
    expect(headers.host).toBe(upstream.replace('http://', ''))
  })

  it('sets X-Forwarded-* and generates an X-Request-Id', async () => {
    const response = await loader(
      args(new Request(`${WEB}/api/x/`, { headers: { Host: 'arzpol.ir' } })),
    )
    const { headers } = last()
    expect(headers['x-forwarded-proto']).toBe('http')
    expect(headers['x-forwarded-host']).toBe('arzpol.ir')
    expect(headers['x-forwarded-for']).toBeUndefined()
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    // The upstream's own id wins on the way back.
    expect(response.headers.get('x-request-id')).toBe('from-upstream')
  })

  it('passes on the one client address web’s server decided on, never a chain', async () => {
    // server/client-address.ts leaves exactly one address in the header.
    await loader(
      args(new Request(`${WEB}/api/x/`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })),
    )
    expect(last().headers['x-forwarded-for']).toBe('203.0.113.7')
    // A chain or a name means the request did not come through web's server: nothing is
    // forwarded, so a client cannot choose the address payments-service counts.
    for (const spoofed of ['198.51.100.1, 203.0.113.7', 'evil.example', '203.0.113.7:8080']) {
      await loader(args(new Request(`${WEB}/api/x/`, { headers: { 'X-Forwarded-For': spoofed } })))
      expect(last().headers['x-forwarded-for']).toBeUndefined()
    }
  })

  it('keeps the proxy’s X-Forwarded-Proto/Host and a sane incoming X-Request-Id', async () => {
    await loader(
      args(
        new Request(`${WEB}/api/x/`, {
          headers: {
            'X-Forwarded-For': '203.0.113.7',
            'X-Forwarded-Proto': 'https',
            'X-Forwarded-Host': 'arzpol.ir',
            'X-Request-Id': 'req-123',
          },
        }),
      ),
    )
    expect(last().headers).toMatchObject({
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'arzpol.ir',
      'x-request-id': 'req-123',
    })

    await loader(
      args(new Request(`${WEB}/api/x/`, { headers: { 'X-Request-Id': 'bad id\t<script>' } })),
    )
    expect(last().headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('does not hand web’s own cookies to payments-service', async () => {
    await loader(
      args(
        new Request(`${WEB}/api/x/`, {
          headers: {
            Cookie: 'arzpol_session=v1.secret; theme=dark; arzpol_otp=v1.x; arzpol_flash=v1.y',
          },
        }),
      ),
    )
    expect(last().headers.cookie).toBe('theme=dark')

    await loader(
      args(new Request(`${WEB}/api/x/`, { headers: { Cookie: 'arzpol_session=v1.secret' } })),
    )
    expect(last().headers.cookie).toBeUndefined()
  })

  it('streams a JSON body with its content type', async () => {
    const body = JSON.stringify({ phone: '09121234567', purpose: 'register' })
    await action(
      args(
        new Request(`${WEB}/api/auth/otp/send/`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
          },
          body,
        }),
      ),
    )
    expect(last().method).toBe('POST')
    expect(last().headers['content-type']).toBe('application/json')
    // A known length stays known: some servers refuse chunked uploads.
    expect(last().headers['content-length']).toBe(String(Buffer.byteLength(body)))
    expect(last().headers['transfer-encoding']).toBeUndefined()
    expect(JSON.parse(last().body.toString('utf8'))).toEqual({
      phone: '09121234567',
      purpose: 'register',
    })
  })

  it('streams a multipart upload byte for byte', async () => {
    const form = new FormData()
    form.append('message', '42')
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256)
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'رسید.bin')
    const request = new Request(`${WEB}/api/ticketing/attachments/`, { method: 'POST', body: form })
    const raw = Buffer.from(await request.clone().arrayBuffer())
    await action(args(request))
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(last().body.equals(raw)).toBe(true)
  })

  it('forwards PUT, PATCH, DELETE and OPTIONS', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      await action(args(new Request(`${WEB}/api/payments/7/`, { method, body: '{}' })))
      expect(last()).toMatchObject({ method, url: '/api/payments/7/' })
    }
    await loader(args(new Request(`${WEB}/api/payments/`, { method: 'OPTIONS' })))
    expect(last().method).toBe('OPTIONS')
  })

  it('returns redirects unchanged instead of following them', async () => {
    const response = await action(
      args(new Request(`${WEB}/api/redirect/`, { method: 'POST', body: 'RefNum=1' })),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/dashboard/orders?paid=1')
    expect(seen).toHaveLength(1)
  })

  it('returns status, headers (every Set-Cookie) and body, minus hop-by-hop', async () => {
    const response = await loader(args(new Request(`${WEB}/api/cookies/`)))
    expect(response.status).toBe(201)
    expect(response.headers.get('x-custom')).toBe('yes')
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly'])
    expect(response.headers.get('connection')).toBeNull()
    expect(await response.text()).toBe('made')
  })

  it('streams the response', async () => {
    const response = await loader(args(new Request(`${WEB}/api/stream/`)))
    expect(await response.text()).toBe('first,second')
  })

  it('handles an empty 204', async () => {
    const response = await action(args(new Request(`${WEB}/api/empty/`, { method: 'DELETE' })))
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
  })

  it('drops Content-Encoding when fetch has already decoded the body', async () => {
    const response = await loader(args(new Request(`${WEB}/api/gzip/`)))
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-length')).toBeNull()
    expect(await response.json()).toEqual({ zipped: true })
  })

  it('answers 502 with the Persian detail when payments-service is down', async () => {
    const errors = vi.spyOn(getLogger(), 'error').mockImplementation(() => {})
    process.env.PAYMENTS_URL = 'http://127.0.0.1:1'
    resetEnvCache()
    const response = await action(
      args(new Request(`${WEB}/api/auth/login/`, { method: 'POST', body: '{}' })),
    )
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({ detail: PAYMENTS_UNAVAILABLE_MESSAGE })
    expect(PAYMENTS_UNAVAILABLE_MESSAGE).toBe(
      'سرویس پرداخت در دسترس نیست. لطفاً کمی بعد دوباره تلاش کنید.',
    )
    expect(errors).toHaveBeenCalledOnce()
  })

  it('keeps a base path of PAYMENTS_URL and never lets the request path change the host', async () => {
    process.env.PAYMENTS_URL = `${upstream}/`
    resetEnvCache()
    await loader(args(new Request(`${WEB}/api//evil.example/x`)))
    expect(last().url).toBe('/api//evil.example/x')
  })
})
