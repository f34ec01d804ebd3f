import { describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { useAppWithoutDatabase, useTestApp } from '../../test/app.ts'
import { startTestServer } from '../../test/http.ts'

describe('health probes', () => {
  const t = useTestApp()

  it('GET /healthz answers without the database', async () => {
    const response = await t.api.get('/healthz')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: 'ok', service: 'payments-service' })
  })

  it('GET /readyz answers 200 when select 1 works', async () => {
    const response = await t.api.get('/readyz')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: 'ok', service: 'payments-service' })
  })

  it('GET /readyz answers 503 once the process is shutting down, /healthz still 200', async () => {
    const draining = await startTestServer(createApp(t.deps, { draining: () => true }))
    try {
      const ready = await draining.get('/readyz')
      expect(ready.status).toBe(503)
      expect(ready.body).toEqual({ detail: 'سرویس در حال خاموش شدن است' })
      expect((await draining.get('/healthz')).status).toBe(200)
    } finally {
      await draining.close()
    }
  })

  describe('with the database unreachable', () => {
    const db = useAppWithoutDatabase()

    it('GET /readyz answers 503 with a Persian detail, /healthz still 200', async () => {
      const ready = await db.api.get('/readyz')
      expect(ready.status).toBe(503)
      expect(ready.body).toEqual({ detail: 'پایگاه داده در دسترس نیست' })
      expect((await db.api.get('/healthz')).status).toBe(200)
    })
  })
})

describe('HTTP conventions', () => {
  const t = useTestApp()

  it('answers an unknown route with the Persian 404', async () => {
    const response = await t.api.get('/api/nothing-here/')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ detail: 'یافت نشد' })
  })

  it('answers a known path with the wrong method with 405', async () => {
    const response = await t.api.request('DELETE', '/api/auth/login/')
    expect(response.status).toBe(405)
    expect(response.body).toEqual({ detail: 'متد «DELETE» مجاز نیست.', code: 'method_not_allowed' })
    expect(response.headers.get('allow')).toContain('POST')
  })

  it('answers malformed JSON with 400 and a Persian detail', async () => {
    const response = await t.api.request('POST', '/api/auth/login/', { rawBody: '{"phone": ' })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ detail: 'بدنه درخواست JSON معتبر نیست.', code: 'parse_error' })
  })

  it('refuses bodies over the size limit', async () => {
    const response = await t.api.post('/api/auth/login/', { phone: 'x'.repeat(100_000) })
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ code: 'payload_too_large' })
  })

  it('answers a JSON body that is not an object with non_field_errors', async () => {
    const response = await t.api.request('POST', '/api/auth/login/', { rawBody: '[1, 2]' })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ non_field_errors: ['داده ارسال‌شده باید یک شیء JSON باشد.'] })
  })

  it('echoes X-Request-Id from web, or makes one up', async () => {
    const given = await t.api.get('/healthz', { headers: { 'X-Request-Id': 'web-req-42' } })
    expect(given.headers.get('x-request-id')).toBe('web-req-42')
    const made = await t.api.get('/healthz', { headers: { 'X-Request-Id': 'bad id <script>' } })
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('keeps API answers out of caches', async () => {
    const response = await t.api.get('/healthz')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})
