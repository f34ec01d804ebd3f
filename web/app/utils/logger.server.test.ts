import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.server.ts'
import { runWithRequestId } from './request-id.server.ts'

function capture() {
  const lines: Array<Record<string, unknown>> = []
  const logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  })
  return { logger, lines }
}

describe('createLogger', () => {
  it("writes JSON lines naming web and the handled request's id", () => {
    const { logger, lines } = capture()
    runWithRequestId('req-42', () => logger.warn({ status: 503 }, 'order list failed'))
    logger.info('outside any request')
    expect(lines[0]).toMatchObject({
      level: 40,
      service: 'web',
      request_id: 'req-42',
      status: 503,
      msg: 'order list failed',
    })
    expect(lines[1]).not.toHaveProperty('request_id')
  })

  it('never writes a token or a cookie', () => {
    const { logger, lines } = capture()
    logger.error({ headers: { authorization: 'Bearer secret', cookie: 'arzpol=x' } }, 'failed')
    expect(JSON.stringify(lines[0])).not.toMatch(/secret|arzpol=x/)
  })
})
