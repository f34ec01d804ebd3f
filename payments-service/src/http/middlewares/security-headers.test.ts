import Koa from 'koa'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { startTestServer } from '../../test/http.ts'
import type { AppState } from '../context.ts'
import { requestFrame } from './request-frame.ts'

describe('security headers', () => {
  const t = useTestApp()

  it('are on successful answers, errors and unknown routes alike', async () => {
    for (const response of [
      await t.api.get('/healthz'),
      await t.api.get('/api/auth/me/'),
      await t.api.get('/api/nothing-here/'),
      await t.api.request('POST', '/api/auth/login/', { rawBody: '{"phone": ' }),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })

  it('let a route that serves a page (the API docs) set its own policy', async () => {
    const app = new Koa<AppState>()
    app.use(requestFrame({ logger: pino({ level: 'silent' }) }))
    app.use((ctx) => {
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      ctx.body = 'page'
    })
    const server = await startTestServer(app)
    try {
      const response = await server.get('/')
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'",
      )
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    } finally {
      await server.close()
    }
  })
})
