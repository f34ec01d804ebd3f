import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectTooManyRequests, startTestServer, type TestClient } from '../../test/http.ts'
import { capturedLogger } from '../../test/log-capture.ts'
import type { AppState } from '../context.ts'
import { ApiError, tooManyRequests, ValidationError } from '../errors.ts'
import { requestFrame } from './request-frame.ts'

describe('error handler', () => {
  const { lines, logger } = capturedLogger({ level: 'error' })
  let api: TestClient

  beforeAll(async () => {
    const app = new Koa<AppState>()
    app.use(requestFrame({ logger }))
    app.use((ctx) => {
      switch (ctx.path) {
        case '/boom':
          throw new Error('database password is hunter2')
        case '/fields':
          throw new ValidationError({ phone: ['شماره تلفن صحیح نمیباشد'] })
        case '/limited':
          throw tooManyRequests('صبر کنید', 'otp_resend_too_early', 41.2)
        default:
          throw new ApiError(409, 'تداخل', 'conflict')
      }
    })
    api = await startTestServer(app)
  })
  afterAll(() => api.close())

  it('hides unknown errors behind a generic 500 and logs them with the request id', async () => {
    const response = await api.get('/boom', { headers: { 'X-Request-Id': 'req-500' } })
    expect(response.status).toBe(500)
    expect(response.body).toEqual({ detail: 'خطای داخلی سرور' })
    expect(response.text).not.toContain('hunter2')
    const logged = lines.find((line) => line.request_id === 'req-500')
    expect(logged).toMatchObject({ msg: 'unhandled error', path: '/boom' })
    expect(JSON.stringify(logged)).toContain('hunter2')
  })

  it('answers field errors Django-REST style', async () => {
    const response = await api.get('/fields')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ phone: ['شماره تلفن صحیح نمیباشد'] })
  })

  it('adds retry_after and Retry-After to 429s, rounded up', async () => {
    expectTooManyRequests(await api.get('/limited'), {
      detail: 'صبر کنید',
      code: 'otp_resend_too_early',
      retry_after: 42,
    })
  })

  it('keeps the status, detail and code of deliberate errors', async () => {
    const response = await api.get('/conflict')
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ detail: 'تداخل', code: 'conflict' })
  })
})
