import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { capturedLogger } from '../../test/log-capture.ts'

describe('access log', () => {
  const { lines, logger } = capturedLogger({ level: 'info' })
  const t = useTestApp({ overrides: { logger } })
  const requestLines = () => lines.filter((line) => line.msg === 'request')

  it('writes one line per request with the status the error handler settled on, path only', async () => {
    lines.length = 0
    const refused = await t.api.get('/api/quote/?amount=not-a-number&currency=USD&secret=otp-1234')
    expect(refused.status).toBe(400)
    const unknown = await t.api.get('/api/nothing-here/')
    expect(unknown.status).toBe(404)

    const logged = requestLines()
    expect(logged).toHaveLength(2)
    expect(logged[0]).toMatchObject({
      method: 'GET',
      path: '/api/quote/',
      status: 400,
      request_id: refused.headers.get('x-request-id'),
    })
    expect(logged[1]).toMatchObject({ path: '/api/nothing-here/', status: 404 })
    expect(typeof logged[0]?.ms).toBe('number')
    // Query strings may hold codes: never in the log.
    expect(JSON.stringify(lines)).not.toContain('otp-1234')
  })

  it('writes nothing below info, from the next request on', async () => {
    lines.length = 0
    logger.level = 'warn'
    try {
      expect((await t.api.get('/healthz')).status).toBe(200)
      expect(requestLines()).toHaveLength(0)
    } finally {
      logger.level = 'info'
    }
    expect((await t.api.get('/healthz')).status).toBe(200)
    expect(requestLines()).toHaveLength(1)
  })
})
