import type { Logger } from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { logSwept } from './sweep-log.ts'

describe('logSwept', () => {
  it('logs only the runs that acted, with the count and the first 50 ids', () => {
    const info = vi.fn()
    const logger = { info } as unknown as Logger
    logSwept(logger, [], 'orders expired')
    expect(info).not.toHaveBeenCalled()
    const ids = Array.from({ length: 120 }, (_, i) => i + 1)
    logSwept(logger, ids, 'orders expired')
    expect(info).toHaveBeenCalledWith({ count: 120, ids: ids.slice(0, 50) }, 'orders expired')
  })
})
