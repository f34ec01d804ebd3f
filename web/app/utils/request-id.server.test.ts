import { describe, expect, it } from 'vitest'
import {
  acceptRequestId,
  currentRequestId,
  requestIdHeader,
  runWithRequestId,
} from './request-id.server.ts'

describe('request ids', () => {
  it('keeps an id that looks like one and replaces anything else', () => {
    expect(acceptRequestId('lb-1234.abc:9')).toBe('lb-1234.abc:9')
    for (const bad of [null, undefined, '', 'a b', 'x\ny', '<script>', 'x'.repeat(129)]) {
      expect(acceptRequestId(bad)).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('is known to code deep in the request, across awaits, and only there', async () => {
    expect(currentRequestId()).toBeUndefined()
    expect(requestIdHeader()).toEqual({})
    await runWithRequestId('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(currentRequestId()).toBe('req-1')
      expect(requestIdHeader()).toEqual({ 'X-Request-Id': 'req-1' })
    })
    await Promise.all([
      runWithRequestId('a', async () => {
        await new Promise((resolve) => setTimeout(resolve, 10))
        expect(currentRequestId()).toBe('a')
      }),
      runWithRequestId('b', async () => expect(currentRequestId()).toBe('b')),
    ])
    expect(currentRequestId()).toBeUndefined()
  })
})
