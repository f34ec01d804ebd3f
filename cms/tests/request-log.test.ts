import { describe, expect, it, vi } from 'vitest'

import type * as RequestLog from '../src/middlewares/request-log'
import { requireCompiled } from './harness'

const { default: requestLog } = requireCompiled<typeof RequestLog>('middlewares/request-log.js')

function fakeContext(incoming: string) {
  const headers = new Map<string, string>()
  return {
    method: 'GET',
    path: '/api/posts',
    status: 404,
    state: {} as Record<string, unknown>,
    get: (name: string) => (name.toLowerCase() === 'x-request-id' ? incoming : ''),
    set: (name: string, value: string) => void headers.set(name, value),
    headers,
  }
}

describe('global::request-log', () => {
  const run = async (incoming: string) => {
    const http = vi.fn()
    const middleware = requestLog({}, { strapi: { log: { http } } as never })
    const ctx = fakeContext(incoming)
    await middleware(ctx, async () => {
      ctx.status = 200
    })
    return { ctx, lines: http.mock.calls.map((call) => String(call[0])) }
  }

  it("logs web's request id with the path and status, and echoes it", async () => {
    const { ctx, lines } = await run('web-req-42')
    expect(ctx.headers.get('X-Request-Id')).toBe('web-req-42')
    expect(ctx.state.requestId).toBe('web-req-42')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^GET \/api\/posts \(\d+ ms\) 200 request_id=web-req-42$/)
  })

  it('makes a new id when none came, or one that does not look like an id', async () => {
    for (const incoming of ['', 'bad id\nwith a newline', 'x'.repeat(200)]) {
      const { ctx, lines } = await run(incoming)
      const id = ctx.headers.get('X-Request-Id')
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(lines[0]).toContain(`request_id=${id}`)
      expect(lines[0]).not.toContain('newline')
    }
  })

  it('still logs when the request fails', async () => {
    const http = vi.fn()
    const middleware = requestLog({}, { strapi: { log: { http } } as never })
    const ctx = fakeContext('fail-1')
    await expect(
      middleware(ctx, async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(String(http.mock.calls[0]?.[0])).toContain('request_id=fail-1')
  })
})
