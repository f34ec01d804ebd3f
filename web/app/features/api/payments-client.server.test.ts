import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { resetEnvCache } from '~/utils/env.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import { runWithRequestId } from '~/utils/request-id.server.ts'
import { call, errorMessages, stream } from './payments-client.server.ts'

/** The one payments-service client against a stand-in that records what it was sent. */

interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

let server: Server
let url = ''
let seen: Seen[] = []
/** What the stand-in answers next: status, headers, body text. */
let answer: { status: number; headers?: Record<string, string>; body: string }

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    })
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  process.env.PAYMENTS_URL = `${url}/`
  resetEnvCache()
  seen = []
  answer = { status: 200, body: '{"id":7,"extra":true}' }
})

const idSchema = z.object({ id: z.number() })

function browserRequest(): Request {
  return new Request('http://web.test/dashboard', {
    headers: { 'X-Request-Id': 'req-123', 'X-Forwarded-For': '203.0.113.9' },
  })
}

describe('call (JSON)', () => {
  it('sends the body as JSON with the token, the request id and the client address', async () => {
    const result = await call(browserRequest(), '/api/things/', {
      method: 'POST',
      body: { amount: '12.50' },
      token: 'access-token',
      headers: { 'Idempotency-Key': 'k-1' },
      schema: idSchema,
    })
    expect(result).toEqual({ ok: true, status: 200, data: { id: 7 } })
    const [request] = seen
    expect(request).toMatchObject({ method: 'POST', url: '/api/things/' })
    expect(JSON.parse(request?.body ?? '')).toEqual({ amount: '12.50' })
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer access-token',
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-language': 'fa',
      'x-request-id': 'req-123',
      'x-forwarded-for': '203.0.113.9',
      'idempotency-key': 'k-1',
    })
  })

  it('without a browser request, carries the id of the request being handled', async () => {
    await runWithRequestId('ctx-9', () => call(null, '/api/x/', { schema: null }))
    expect(seen[0]?.headers['x-request-id']).toBe('ctx-9')
    expect(seen[0]?.headers.authorization).toBeUndefined()
  })

  it("gives back payments-service's status and error body as a value", async () => {
    answer = { status: 400, body: '{"amount":["مبلغ معتبر وارد کنید"],"code":"invalid"}' }
    const result = await call(browserRequest(), '/api/x/', { schema: idSchema })
    expect(result).toEqual({
      ok: false,
      status: 400,
      body: { amount: ['مبلغ معتبر وارد کنید'], code: 'invalid' },
    })
    expect(errorMessages(result.ok ? null : result.body)).toEqual(['مبلغ معتبر وارد کنید'])
  })

  it('reads the wait of a 429 from the body, else from Retry-After', async () => {
    answer = { status: 429, headers: { 'Retry-After': '30' }, body: '{"retry_after":12.2}' }
    expect(await call(browserRequest(), '/api/x/', { schema: null })).toMatchObject({
      ok: false,
      status: 429,
      retryAfter: 13,
    })
    answer = { status: 429, headers: { 'Retry-After': '30' }, body: '' }
    expect(await call(browserRequest(), '/api/x/', { schema: null })).toMatchObject({
      retryAfter: 30,
    })
  })

  it('answers 502 when a success body does not match its schema, and logs it', async () => {
    const logged = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    answer = { status: 200, body: '{"id":"seven"}' }
    expect(await call(browserRequest(), '/api/x/', { schema: idSchema })).toEqual({
      ok: false,
      status: 502,
      body: null,
    })
    expect(logged).toHaveBeenCalledOnce()
  })

  it('answers 503 unreachable when payments-service is down, and logs it', async () => {
    const logged = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    process.env.PAYMENTS_URL = 'http://127.0.0.1:1'
    resetEnvCache()
    expect(await call(browserRequest(), '/api/x/', { schema: null })).toEqual({
      ok: false,
      status: 503,
      body: null,
      unreachable: true,
    })
    expect(logged).toHaveBeenCalledOnce()
  })
})

describe('call (multipart)', () => {
  it('sends the form as multipart with its own boundary, not as JSON', async () => {
    const form = new FormData()
    form.append('content', 'سلام')
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'a.pdf')
    answer = { status: 201, body: '' }
    const result = await call(browserRequest(), '/api/upload/', {
      method: 'POST',
      form,
      token: 't',
      schema: null,
    })
    expect(result).toEqual({ ok: true, status: 201, data: null })
    const type = seen[0]?.headers['content-type'] ?? ''
    expect(type).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen[0]?.body).toContain('name="file"; filename="a.pdf"')
    expect(seen[0]?.body).toContain('سلام')
  })
})

describe('stream', () => {
  it("hands back payments-service's raw answer with the token and request headers", async () => {
    answer = { status: 200, headers: { 'Content-Type': 'text/csv' }, body: 'a,b\n1,2\n' }
    const response = await stream(browserRequest(), '/api/file/', { token: 't' })
    expect(response?.status).toBe(200)
    expect(await response?.text()).toBe('a,b\n1,2\n')
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'Bearer t',
      'x-request-id': 'req-123',
    })
  })

  it('answers null when payments-service cannot be reached', async () => {
    vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    process.env.PAYMENTS_URL = 'http://127.0.0.1:1'
    resetEnvCache()
    expect(await stream(browserRequest(), '/api/file/', { token: 't' })).toBeNull()
  })
})
