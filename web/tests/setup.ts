import { inspect } from 'node:util'
import { afterEach, beforeEach, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { forgetRecentRefreshes } from '~/features/auth/auth.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'

process.env.SESSION_SECRET ??= 'test-session-secret-that-is-long-enough-0123456789'
process.env.APP_ENV ??= 'test'

beforeEach(() => {
  resetEnvCache()
  forgetRecentRefreshes()
  // An unexpected logged error (web's logger, or React's console) fails the test; tests that
  // expect one mock it themselves.
  vi.spyOn(getLogger(), 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`an error was logged: ${args.map((arg) => inspect(arg)).join(' ')}`)
  })
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  resetEnvCache()
})
