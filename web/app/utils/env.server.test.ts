import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.server.ts'

const SECRET = 'x'.repeat(32)

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    expect(parseEnv({ SESSION_SECRET: SECRET })).toEqual({
      PAYMENTS_URL: 'http://127.0.0.1:4000',
      CMS_URL: 'http://127.0.0.1:1337',
      SESSION_SECRET: SECRET,
      APP_ENV: 'development',
      WEB_PUBLIC_URL: 'http://127.0.0.1:3000',
      CMS_CACHE_TTL_SECONDS: 60,
      CMS_TIMEOUT_MS: 3000,
      CMS_MAX_STALE_SECONDS: 600,
      LIVE_STREAMS_MAX: 500,
      TRUSTED_PROXY_HOPS: 0,
      PAYMENT_GATEWAY_ORIGINS: ['https://sep.shaparak.ir'],
      LOG_LEVEL: 'info',
    })
  })

  it('reads the cms cache settings and refuses a short webhook secret', () => {
    const env = parseEnv({
      SESSION_SECRET: SECRET,
      CMS_WEBHOOK_SECRET: 'w'.repeat(16),
      CMS_CACHE_TTL_SECONDS: '5',
      CMS_TIMEOUT_MS: '250',
    })
    expect(env).toMatchObject({
      CMS_WEBHOOK_SECRET: 'w'.repeat(16),
      CMS_CACHE_TTL_SECONDS: 5,
      CMS_TIMEOUT_MS: 250,
    })
    expect(() => parseEnv({ SESSION_SECRET: SECRET, CMS_WEBHOOK_SECRET: 'short' })).toThrow(
      /CMS_WEBHOOK_SECRET: must be at least 16 characters long/,
    )
    expect(() => parseEnv({ SESSION_SECRET: SECRET, CMS_CACHE_TTL_SECONDS: 'soon' })).toThrow(
      /CMS_CACHE_TTL_SECONDS: must be a number of seconds/,
    )
  })

  it('treats an empty value as unset', () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, PAYMENTS_URL: '' }).PAYMENTS_URL).toBe(
      'http://127.0.0.1:4000',
    )
  })

  it('names a missing SESSION_SECRET', () => {
    expect(() => parseEnv({})).toThrow(EnvError)
    expect(() => parseEnv({})).toThrow(/SESSION_SECRET: is required/)
  })

  it('names every bad variable at once', () => {
    let message = ''
    try {
      parseEnv({ SESSION_SECRET: 'short', APP_ENV: 'staging', PAYMENTS_URL: 'not a url' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('web: invalid environment variables')
    expect(message).toContain('SESSION_SECRET: must be at least 32 characters long')
    expect(message).toContain('APP_ENV: must be one of development, test, production')
    expect(message).toContain('PAYMENTS_URL: must be an absolute URL')
  })
})
