import { describe, expect, it } from 'vitest'

import type * as EnvModule from '../src/env'
import { requireCompiled, testEnv } from './harness'

const { parseCmsEnv } = requireCompiled<typeof EnvModule>('env.js')

/** What infra/ sets for the cms, with real-looking secrets filled in. */
const production = {
  ...testEnv('/tmp/unused.db'),
  APP_ENV: 'production',
  NODE_ENV: 'production',
  CMS_HOST: '0.0.0.0',
  CMS_PUBLIC_URL: 'https://cms.arzpol.ir',
  CMS_DATABASE_CLIENT: 'postgres',
  CMS_DATABASE_URL: 'postgres://cms:secret@db.internal:5432/cms',
  PAYMENTS_JWKS_URL: 'http://payments-service:4000/api/auth/jwks/',
  CMS_WEBHOOK_SECRET: 'a-real-looking-shared-secret-0123',
}

const refusals = (env: Record<string, string | undefined>) => {
  try {
    parseCmsEnv({ ...production, ...env })
    return []
  } catch (error) {
    return (error as { issues: string[] }).issues
  }
}

describe('cms production profile', () => {
  it('accepts a complete production environment', () => {
    expect(refusals({})).toEqual([])
  })

  it('refuses SQLite, a missing or http public URL, a missing JWKS URL or shared secret, naming each', () => {
    expect(
      refusals({
        CMS_DATABASE_CLIENT: 'sqlite',
        CMS_PUBLIC_URL: undefined,
        PAYMENTS_JWKS_URL: undefined,
        CMS_WEBHOOK_SECRET: undefined,
      }),
    ).toEqual([
      'CMS_PUBLIC_URL: required in production (https:// origin)',
      'CMS_DATABASE_CLIENT: must be postgres in production (SQLite is for one laptop)',
      'PAYMENTS_JWKS_URL: required in production (comments verify customers with it)',
      'CMS_WEBHOOK_SECRET: required in production (moderators’ decisions are recorded with it, and web hears of changes)',
    ])
    expect(refusals({ CMS_PUBLIC_URL: 'http://cms.arzpol.ir' })).toEqual([
      'CMS_PUBLIC_URL: must be an https:// URL in production',
    ])
  })

  it('refuses the placeholders infra/ ships and the published development admin password', () => {
    expect(
      refusals({
        CMS_APP_KEYS: 'change-me-app-key-1,real-looking-app-key-2',
        CMS_JWT_SECRET: 'CHANGE_ME_jwt_secret_value',
        CMS_ADMIN_PASSWORD: 'ArzPol-dev-1404',
        CMS_DATABASE_URL: 'postgres://cms:change-me@postgres:5432/cms',
      }).map((line) => line.split(':')[0]),
    ).toEqual(['CMS_JWT_SECRET', 'CMS_DATABASE_URL', 'CMS_APP_KEYS', 'CMS_ADMIN_PASSWORD'])
  })

  it('leaves development alone, even under NODE_ENV=production (the local stacks)', () => {
    expect(
      refusals({
        APP_ENV: undefined,
        CMS_DATABASE_CLIENT: undefined,
        CMS_DATABASE_URL: undefined,
        CMS_PUBLIC_URL: 'http://127.0.0.1:1337',
        CMS_ADMIN_PASSWORD: 'ArzPol-dev-1404',
      }),
    ).toEqual([])
  })
})

describe('cms upload settings', () => {
  it('keeps the local provider by default', () => {
    expect(parseCmsEnv(production).CMS_UPLOAD_PROVIDER).toBe('local')
  })

  it('needs a bucket for s3, and both halves of a key pair', () => {
    expect(refusals({ CMS_UPLOAD_PROVIDER: 's3', CMS_S3_ACCESS_KEY_ID: 'AKIA123' })).toEqual([
      'CMS_S3_BUCKET: required when CMS_UPLOAD_PROVIDER=s3',
      'CMS_S3_SECRET_ACCESS_KEY: CMS_S3_ACCESS_KEY_ID and CMS_S3_SECRET_ACCESS_KEY go together',
    ])
  })
})
