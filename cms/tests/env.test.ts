import { describe, expect, it } from 'vitest'

import type * as EnvModule from '../src/env'
import { requireCompiled, testEnv } from './harness'

const { parseCmsEnv, CmsEnvError } = requireCompiled<typeof EnvModule>('env.js')

const valid = testEnv('/tmp/unused.db')

const errorOf = (source: Record<string, string | undefined>) => {
  try {
    parseCmsEnv(source)
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the environment to be refused')
}

describe('cms environment', () => {
  it('applies the documented defaults', () => {
    const env = parseCmsEnv({
      ...valid,
      CMS_HOST: undefined,
      CMS_PORT: undefined,
      CMS_DATABASE_FILENAME: undefined,
      CMS_ADMIN_EMAIL: undefined,
      CMS_ADMIN_PASSWORD: undefined,
    })
    expect(env).toMatchObject({
      CMS_HOST: '127.0.0.1',
      CMS_PORT: 1337,
      CMS_PUBLIC_URL: 'http://127.0.0.1:1337',
      CMS_DATABASE_CLIENT: 'sqlite',
      CMS_DATABASE_FILENAME: '.tmp/data.db',
      CMS_ADMIN_FIRSTNAME: 'مدیر',
      PAYMENTS_JWT_ISSUER: 'arzpol-payments',
    })
    expect(env.CMS_ADMIN_EMAIL).toBeUndefined()
  })

  it('splits the app keys and treats empty variables as unset', () => {
    const env = parseCmsEnv({
      ...valid,
      CMS_APP_KEYS: ' a123456789abcdefgh , b123456789abcdefgh,',
      WEB_URL: '',
    })
    expect(env.CMS_APP_KEYS).toEqual(['a123456789abcdefgh', 'b123456789abcdefgh'])
    expect(env.WEB_URL).toBeUndefined()
  })

  it.each(['abc', '0', '70000', '12.5'])('refuses CMS_PORT=%s, naming the variable', (port) => {
    const error = errorOf({ ...valid, CMS_PORT: port })
    expect(error).toBeInstanceOf(CmsEnvError)
    expect(error.message).toContain('CMS_PORT: must be a port number')
  })

  it('names every missing secret at once', () => {
    const error = errorOf({ ...valid, CMS_JWT_SECRET: undefined, CMS_ENCRYPTION_KEY: '' })
    expect(error.message).toMatch(/CMS_JWT_SECRET: required/)
    expect(error.message).toMatch(/CMS_ENCRYPTION_KEY: required/)
  })

  it('requires the admin email and password together, with a strong password', () => {
    expect(errorOf({ ...valid, CMS_ADMIN_PASSWORD: undefined }).message).toContain(
      'CMS_ADMIN_PASSWORD: required when CMS_ADMIN_EMAIL is set',
    )
    expect(errorOf({ ...valid, CMS_ADMIN_PASSWORD: 'alllowercase1' }).message).toContain(
      'CMS_ADMIN_PASSWORD: must contain an uppercase letter',
    )
  })

  it('needs CMS_DATABASE_URL for postgres', () => {
    expect(errorOf({ ...valid, CMS_DATABASE_CLIENT: 'postgres' }).message).toContain(
      'CMS_DATABASE_URL: required when CMS_DATABASE_CLIENT=postgres',
    )
    const env = parseCmsEnv({
      ...valid,
      CMS_DATABASE_CLIENT: 'postgres',
      CMS_DATABASE_URL: 'postgres://cms:secret@127.0.0.1:5432/cms',
    })
    expect(env.CMS_DATABASE_CLIENT).toBe('postgres')
  })
})
