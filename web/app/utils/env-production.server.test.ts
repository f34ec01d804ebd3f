import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server.ts'

/** What infra/ sets for web, with a real-looking secret filled in. */
const production = {
  APP_ENV: 'production',
  PAYMENTS_URL: 'http://payments-service:4000',
  CMS_URL: 'http://cms:1337',
  SESSION_SECRET: 'h7Qm2vX9pL4sK8dR1tY6wZ3nB5cF0gJe',
  CMS_WEBHOOK_SECRET: 'w3bh00k-s3cr3t-9f8e7d',
  WEB_PUBLIC_URL: 'https://arzpol.ir',
}

const refusal = (env: Record<string, string | undefined>) => {
  try {
    parseEnv({ ...production, ...env })
    return ''
  } catch (error) {
    return (error as Error).message
  }
}

describe('production profile', () => {
  it('accepts a complete production environment (internal back-end URLs may be http)', () => {
    expect(refusal({})).toBe('')
  })

  it('refuses an http public origin, and the development default', () => {
    expect(refusal({ WEB_PUBLIC_URL: 'http://arzpol.ir' })).toContain(
      'WEB_PUBLIC_URL: must be an https:// URL in production',
    )
    expect(refusal({ WEB_PUBLIC_URL: undefined })).toContain('WEB_PUBLIC_URL')
  })

  it('refuses the placeholders infra/ ships instead of secrets, naming each', () => {
    const message = refusal({
      SESSION_SECRET: 'CHANGE_ME-at-least-32-characters-long',
      CMS_WEBHOOK_SECRET: 'change-me-webhook-secret',
    })
    expect(message).toContain('SESSION_SECRET: still holds the placeholder from infra/')
    expect(message).toContain('CMS_WEBHOOK_SECRET: still holds the placeholder from infra/')
  })

  it('leaves development and test alone', () => {
    for (const APP_ENV of ['development', 'test']) {
      expect(
        refusal({
          APP_ENV,
          WEB_PUBLIC_URL: 'http://127.0.0.1:3000',
          SESSION_SECRET: 'change-me-but-only-in-production!',
        }),
      ).toBe('')
    }
  })
})
