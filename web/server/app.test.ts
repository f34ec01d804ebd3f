import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentRequestId } from '../app/utils/request-id.server.ts'
import { createWebMetrics } from './metrics.ts'
import { fakeServerBuild, serveForTest } from './server.test-support.ts'

const TOKEN = 'web-metrics-token-0123456789'

/**
 * A two-route Remix build: `/items/:id` answers JSON with the request id its loader saw, and
 * `/page` answers with a policy of its own, as documents do (entry.server.tsx).
 */
function fakeBuild(): ServerBuild {
  const routes = {
    root: { id: 'root', path: '', module: {} },
    'routes/items.$id': {
      id: 'routes/items.$id',
      parentId: 'root',
      path: 'items/:id',
      module: {
        loader: ({ request, params }: { request: Request; params: { id: string } }) =>
          Response.json({
            id: params.id,
            header: request.headers.get('x-request-id'),
            context: currentRequestId() ?? null,
            forwardedFor: request.headers.get('x-forwarded-for'),
            forwardedHost: request.headers.get('x-forwarded-host'),
          }),
      },
    },
    'routes/page': {
      id: 'routes/page',
      parentId: 'root',
      path: 'page',
      module: {
        loader: () =>
          new Response('<p>page</p>', {
            headers: {
              'Content-Type': 'text/html',
              'Content-Security-Policy': "default-src 'self'",
            },
          }),
      },
    },
  }
  return fakeServerBuild(routes)
}

describe("web's production server", () => {
  let stop: () => Promise<void>
  let base: string
  const metrics = createWebMetrics()
  const lines: string[] = []

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) })
    const defaultHeaders = {
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    }
    ;({ base, stop } = await serveForTest(
      fakeBuild(),
      { logger, metrics, metricsToken: TOKEN, defaultHeaders },
      (clientDir) => {
        mkdirSync(path.join(clientDir, 'assets'))
        writeFileSync(path.join(clientDir, 'assets', 'entry-abc123.js'), 'console.log(1)')
        writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>')
      },
    ))
  })

  afterAll(() => stop())

  it('hands loaders one client address: the socket, not a spoofed X-Forwarded-For', async () => {
    const response = await fetch(`${base}/items/ip`, {
      headers: { 'X-Forwarded-For': '6.6.6.6, 198.51.100.1', 'X-Forwarded-Host': 'evil.example' },
    })
    expect(await response.json()).toMatchObject({ forwardedFor: '127.0.0.1', forwardedHost: null })
  })

  it('gives each request an id, hands it to loaders and echoes it', async () => {
    const response = await fetch(`${base}/items/42`)
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await response.json()).toMatchObject({ id: '42', header: id, context: id })
  })

  it("keeps a trusted caller's id, and replaces one that is not an id", async () => {
    const kept = await fetch(`${base}/items/1`, { headers: { 'X-Request-Id': 'lb-7f3a' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a')
    expect(await kept.json()).toMatchObject({ header: 'lb-7f3a', context: 'lb-7f3a' })
    const replaced = await fetch(`${base}/items/1`, { headers: { 'X-Request-Id': 'a b<c>' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('adds the default headers only where the answer has none of its own', async () => {
    const json = await fetch(`${base}/items/1`)
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(json.headers.get('x-content-type-options')).toBe('nosniff')
    const page = await fetch(`${base}/page`)
    // One policy, the page's: two would both be enforced.
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'")
  })

  it('serves fingerprinted assets as immutable for a year, other files for an hour', async () => {
    const asset = await fetch(`${base}/assets/entry-abc123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const icon = await fetch(`${base}/favicon.svg`)
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('writes one access line per request with its id and route, without the query', async () => {
    lines.length = 0
    const response = await fetch(`${base}/items/5?code=1234`, {
      headers: { 'X-Request-Id': 'log-check-1' },
    })
    await response.text()
    await expect.poll(() => lines.length).toBeGreaterThan(0)
    const record = JSON.parse(lines.at(-1)!)
    expect(record).toMatchObject({
      request_id: 'log-check-1',
      method: 'GET',
      path: '/items/5',
      route: 'routes/items.$id',
      status: 200,
      msg: 'request',
    })
    expect(lines.at(-1)).not.toContain('1234')
  })

  it('serves /metrics only with the bearer token, with durations by route', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer nope' } })
    expect(wrong.status).toBe(401)
    const response = await fetch(`${base}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="routes\/items\.\$id",status="200"\} \d+/,
    )
    expect(text).toContain('route="static"')
    expect(text).not.toContain('/items/42')
  })
})

describe('without METRICS_TOKEN', () => {
  it('has no /metrics endpoint (Remix answers the path)', async () => {
    const { base, stop } = await serveForTest(fakeBuild())
    try {
      const response = await fetch(`${base}/metrics`)
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain('http_request_duration_seconds')
    } finally {
      await stop()
    }
  })
})
