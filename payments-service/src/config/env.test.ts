import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { TEST_PRIVATE_KEY_PEM } from '../test/app.ts'
import { MINIMAL_ENV, PRODUCTION_ENV } from '../test/env.ts'
import { envSchema, parseEnv } from './env.ts'

const parse = (env: Record<string, string | undefined>) =>
  parseEnv(envSchema, { ...MINIMAL_ENV, ...env })

describe('environment', () => {
  it('applies the documented defaults', () => {
    const result = parse({})
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.config).toMatchObject({
      APP_ENV: 'development',
      PAYMENTS_HOST: '127.0.0.1',
      PAYMENTS_PORT: 4000,
      DATABASE_POOL_MAX: 10,
      LOG_LEVEL: 'info',
      JWT_ISSUER: 'arzpol-payments',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_DAYS: 30,
      OTP_DEV_CODES: false,
      OTP_SEND_LIMIT_PER_PHONE_PER_HOUR: 5,
      OTP_SEND_LIMIT_PER_IP_PER_HOUR: 20,
      OTP_FAILURE_BUDGET_PER_PHONE: 20,
      OTP_FAILURE_WINDOW_HOURS: 24,
      OTP_LOCK_HOURS: 6,
      OTP_FAILURE_BUDGET_PER_IP: 50,
      OTP_IP_FAILURE_WINDOW_MINUTES: 60,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 10,
      LOGIN_MAX_FAILURES_PER_IP: 50,
      LOGIN_FAILURE_WINDOW_MINUTES: 15,
      SMS_PROVIDER: 'console',
      KAVENEGAR_BASE_URL: 'https://api.kavenegar.com',
      WEBOTP_DOMAIN: 'localhost',
      TRUST_PROXY: true,
    })
    expect(result.config.JWT_PRIVATE_KEY.asymmetricKeyType).toBe('ed25519')
  })

  it('reads "false" as false and "true" as true', () => {
    const off = parse({ TRUST_PROXY: 'false', OTP_DEV_CODES: 'FALSE' })
    const on = parse({ TRUST_PROXY: 'true', OTP_DEV_CODES: '1' })
    expect(off.ok && [off.config.TRUST_PROXY, off.config.OTP_DEV_CODES]).toEqual([false, false])
    expect(on.ok && [on.config.TRUST_PROXY, on.config.OTP_DEV_CODES]).toEqual([true, true])
    expect(parse({ TRUST_PROXY: 'maybe' })).toEqual({
      ok: false,
      errors: ['TRUST_PROXY: must be true or false'],
    })
  })

  it('names each missing or bad variable', () => {
    const result = parseEnv(envSchema, { PAYMENTS_PORT: 'eighty', APP_ENV: 'staging' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    const names = result.errors.map((line) => line.split(':')[0])
    expect(names).toEqual(
      expect.arrayContaining(['APP_ENV', 'PAYMENTS_PORT', 'DATABASE_URL', 'JWT_PRIVATE_KEY']),
    )
    expect(result.errors).toContain('DATABASE_URL: DATABASE_URL is required')
  })

  it('accepts a PEM flattened with literal \\n and refuses keys that are not Ed25519', () => {
    expect(parse({ JWT_PRIVATE_KEY: TEST_PRIVATE_KEY_PEM.replace(/\n/g, '\\n') }).ok).toBe(true)
    expect(parse({ JWT_PRIVATE_KEY: 'not a key' })).toEqual({
      ok: false,
      errors: ['JWT_PRIVATE_KEY: must be a PKCS8 PEM private key'],
    })
  })

  it('treats an empty variable as unset', () => {
    const result = parse({ PAYMENTS_PORT: '', LOG_LEVEL: '' })
    expect(result.ok && [result.config.PAYMENTS_PORT, result.config.LOG_LEVEL]).toEqual([
      4000,
      'info',
    ])
  })

  it('refuses development codes and console SMS in production', () => {
    const result = parse({ APP_ENV: 'production', OTP_DEV_CODES: 'true' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map((line) => line.split(':')[0]).sort()).toEqual([
      // Orders: the sandbox bank and a throw-away credentials key are refused too.
      'CREDENTIALS_ENCRYPTION_KEY',
      'GATEWAY',
      // The key of the idempotency request hash.
      'IDEMPOTENCY_HASH_KEY',
      // The sandbox identity provider matches everyone.
      'IDENTITY_PROVIDER',
      'OTP_DEV_CODES',
      // The key signing quote tokens.
      'QUOTE_SIGNING_KEY',
      'SMS_PROVIDER',
      // infra/: development's http public URL and localhost WebOTP domain.
      'WEBOTP_DOMAIN',
      'WEB_PUBLIC_URL',
    ])
    // With each of them set as production needs, it starts.
    expect(parse(PRODUCTION_ENV).ok).toBe(true)
  })

  it('refuses login limits that would switch throttling off or lock out for a day and more', () => {
    const result = parse({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '0',
      LOGIN_MAX_FAILURES_PER_IP: 'many',
      LOGIN_FAILURE_WINDOW_MINUTES: '1441',
    })
    expect(result.ok ? [] : result.errors.map((line) => line.split(':')[0])).toEqual([
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      'LOGIN_MAX_FAILURES_PER_IP',
      'LOGIN_FAILURE_WINDOW_MINUTES',
    ])
  })

  it('needs the Kavenegar key and template when Kavenegar sends', () => {
    const result = parse({ SMS_PROVIDER: 'kavenegar' })
    expect(result.ok ? [] : result.errors).toEqual([
      'KAVENEGAR_API_KEY: is required when SMS_PROVIDER=kavenegar',
      'KAVENEGAR_TEMPLATE: is required when SMS_PROVIDER=kavenegar',
    ])
  })

  it('stops the process with the variable names on stderr', () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url))
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, JWT_PRIVATE_KEY: 'nope' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('payments-service: invalid environment variables:')
    expect(run.stderr).toContain('  DATABASE_URL: DATABASE_URL is required')
    expect(run.stderr).toContain('  JWT_PRIVATE_KEY: must be a PKCS8 PEM private key')
    // Starting a TypeScript process can be slow on a busy machine.
  }, 45_000)
})
