import { describe, expect, it } from 'vitest'
import { PRODUCTION_ENV as production } from '../test/env.ts'
import { envSchema, parseEnv } from './env.ts'

const refused = (env: Record<string, string | undefined>) => {
  const result = parseEnv(envSchema, { ...production, ...env })
  return result.ok ? [] : result.errors
}

describe('production profile', () => {
  it('accepts a complete production environment', () => {
    expect(refused({})).toEqual([])
  })

  it('refuses http public URLs, naming each variable', () => {
    expect(
      refused({
        WEB_PUBLIC_URL: 'http://arzpol.ir',
        PAYMENTS_PUBLIC_URL: 'http://api.arzpol.ir',
        SEP_BASE_URL: 'http://sep.shaparak.ir',
      }),
    ).toEqual([
      'WEB_PUBLIC_URL: must be an https:// URL in production',
      'PAYMENTS_PUBLIC_URL: must be an https:// URL in production',
      'SEP_BASE_URL: must be an https:// URL in production',
    ])
  })

  it('refuses the sandbox identity provider, and Jibit without its keys or over http', () => {
    expect(refused({ IDENTITY_PROVIDER: undefined })).toEqual([
      'IDENTITY_PROVIDER: sandbox matches every identity; use jibit in production',
    ])
    expect(
      refused({
        JIBIT_API_KEY: undefined,
        JIBIT_SECRET_KEY: 'change-me',
        JIBIT_BASE_URL: 'http://napi.jibit.ir',
      }),
    ).toEqual([
      'JIBIT_API_KEY: is required when IDENTITY_PROVIDER=jibit',
      'JIBIT_BASE_URL: must be an https:// URL in production',
      'JIBIT_SECRET_KEY: still holds the placeholder from infra/; set the real secret',
    ])
  })

  it('refuses the default public URL and WebOTP domain of development', () => {
    expect(refused({ WEB_PUBLIC_URL: undefined, WEBOTP_DOMAIN: undefined })).toEqual([
      'WEB_PUBLIC_URL: must be an https:// URL in production',
      "WEBOTP_DOMAIN: must be the public host name in production (the SMS's @domain line)",
    ])
  })

  it('refuses the placeholders infra/ ships instead of secrets', () => {
    expect(
      refused({
        KAVENEGAR_API_KEY: 'change-me',
        S3_ACCESS_KEY_ID: 'arzpol',
        S3_SECRET_ACCESS_KEY: 'CHANGE_ME_s3_secret',
        DATABASE_URL: 'postgres://payments:change-me@postgres:5432/payments',
      }).map((line) => line.split(':')[0]),
    ).toEqual(['KAVENEGAR_API_KEY', 'S3_SECRET_ACCESS_KEY', 'DATABASE_URL'])
    // A placeholder private key or credentials key fails its format check before anything else.
    expect(
      refused({ JWT_PRIVATE_KEY: 'change-me', CREDENTIALS_ENCRYPTION_KEY: 'change-me' }).map(
        (line) => line.split(':')[0],
      ),
    ).toEqual(['JWT_PRIVATE_KEY'])
  })

  it('leaves development and test alone', () => {
    for (const APP_ENV of ['development', 'test']) {
      expect(
        refused({ APP_ENV, WEB_PUBLIC_URL: 'http://127.0.0.1:3000', WEBOTP_DOMAIN: undefined }),
      ).toEqual([])
    }
  })

  it('refuses to start without a quote signing key, or with a short one', () => {
    expect(refused({ QUOTE_SIGNING_KEY: undefined })).toEqual([
      'QUOTE_SIGNING_KEY: is required in production (at least 32 bytes, base64)',
    ])
    expect(refused({ QUOTE_SIGNING_KEY: Buffer.alloc(16, 1).toString('base64') })).toEqual([
      'QUOTE_SIGNING_KEY: must be at least 32 bytes encoded as base64',
    ])
  })
})
