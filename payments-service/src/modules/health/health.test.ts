import { describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { useAppWithoutDatabase, useTestApp } from '../../test/app.ts'
import { startTestServer, type TestClient } from '../../test/http.ts'

/** /readyz answers 503 with this Persian detail, while /healthz (liveness) still answers 200. */
async function expectNotReady(api: TestClient, detail: string) {
  const ready = await api.get('/readyz')
  expect([ready.status, ready.body]).toEqual([503, { detail }])
  expect((await api.get('/healthz')).status).toBe(200)
}

describe('health probes', () => {
  const t = useTestApp()

  it.each(['/healthz', '/readyz'])(
    'GET %s answers 200 while the database answers',
    async (path) => {
      const response = await t.api.get(path)
      expect([response.status, response.body]).toEqual([
        200,
        { status: 'ok', service: 'payments-service' },
      ])
    },
  )

  it('GET /readyz answers 503 once the process is shutting down, /healthz still 200', async () => {
    const draining = await startTestServer(createApp(t.deps, { draining: () => true }))
    try {
      await expectNotReady(draining, 'سرویس در حال خاموش شدن است')
    } finally {
      await draining.close()
    }
  })

  describe('with the database unreachable', () => {
    const db = useAppWithoutDatabase()

    it('GET /readyz answers 503 with a Persian detail, /healthz still 200', async () => {
      await expectNotReady(db.api, 'پایگاه داده در دسترس نیست')
    })
  })
})

describe('HTTP conventions', () => {
  const t = useTestApp()

  it.each([
    {
      answers: 'an unknown route with the Persian 404',
      request: ['GET', '/api/nothing-here/', {}],
      status: 404,
      body: { detail: 'یافت نشد' },
    },
    {
      answers: 'malformed JSON with 400 and a Persian detail',
      request: ['POST', '/api/auth/login/', { rawBody: '{"phone": ' }],
      status: 400,
      body: { detail: 'بدنه درخواست JSON معتبر نیست.', code: 'parse_error' },
    },
    {
      answers: 'a JSON body that is not an object with non_field_errors',
      request: ['POST', '/api/auth/login/', { rawBody: '[1, 2]' }],
      status: 400,
      body: { non_field_errors: ['داده ارسال‌شده باید یک شیء JSON باشد.'] },
    },
  ] as const)('answers $answers', async ({ request: [method, path, options], status, body }) => {
    const response = await t.api.request(method, path, options)
    expect([response.status, response.body]).toEqual([status, body])
  })

  it('answers a known path with the wrong method with 405', async () => {
    const response = await t.api.request('DELETE', '/api/auth/login/')
    expect(response.status).toBe(405)
    expect(response.body).toEqual({ detail: 'متد «DELETE» مجاز نیست.', code: 'method_not_allowed' })
    expect(response.headers.get('allow')).toContain('POST')
  })

  it('refuses bodies over the size limit', async () => {
    const response = await t.api.post('/api/auth/login/', { phone: 'x'.repeat(100_000) })
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ code: 'payload_too_large' })
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
