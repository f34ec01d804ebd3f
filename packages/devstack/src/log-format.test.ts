import { describe, expect, it } from 'vitest'
import { formatLogLine } from './log-format.ts'

describe('formatLogLine', () => {
  it('renders a pino line as time, level, message and the remaining fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 22, 14, 3, 7),
      pid: 1,
      hostname: 'h',
      service: 'payments-service',
      msg: 'request completed',
      status: 200,
      req: { method: 'GET' },
    })
    expect(formatLogLine(line)).toBe(
      '14:03:07 INFO  request completed status=200 req={"method":"GET"}',
    )
  })

  it('leaves anything that is not a pino line unchanged', () => {
    for (const line of ['plain text', '{not json}', '{"level":"info"}', '']) {
      expect(formatLogLine(line)).toBe(line)
    }
  })
})
