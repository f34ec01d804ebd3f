import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { envSchema, parseEnv } from '../../config/env.ts'
import { MINIMAL_ENV } from '../../test/env.ts'
import { callbackUrlOf } from './settlement/callback-url.ts'

const KEY = randomBytes(32).toString('base64')
const production = {
  ...MINIMAL_ENV,
  APP_ENV: 'production',
  SMS_PROVIDER: 'kavenegar',
  KAVENEGAR_API_KEY: 'k',
  KAVENEGAR_TEMPLATE: 't',
  OTP_DEV_CODES: 'false',
  // The production profile's own rules (config/production.ts), satisfied here.
  WEB_PUBLIC_URL: 'https://arzpol.example',
  KAVENEGAR_BASE_URL: 'https://api.kavenegar.com',
  WEBOTP_DOMAIN: 'arzpol.example',
}

describe('payments configuration', () => {
  it('has development defaults', () => {
    const result = parseEnv(envSchema, MINIMAL_ENV)
    expect(result.ok && result.config).toMatchObject({
      GATEWAY: 'sandbox',
      SANDBOX_BANK_URL: 'http://127.0.0.1:4100',
      RATE_LOCK_MINUTES: 15,
      RATE_CACHE_TTL_SECONDS: 10,
      CREDENTIALS_KEY_ID: 'k1',
      WEB_PUBLIC_URL: 'http://127.0.0.1:3000',
    })
  })

  it('reads the order expiry settings, with defaults and bounds', () => {
    const defaults = parseEnv(envSchema, MINIMAL_ENV)
    expect(defaults.ok && defaults.config).toMatchObject({
      ORDER_EXPIRE_AFTER_MINUTES: 60,
      ORDER_EXPIRY_SWEEP_SECONDS: 60,
    })
    const set = parseEnv(envSchema, {
      ...MINIMAL_ENV,
      ORDER_EXPIRE_AFTER_MINUTES: '120',
      ORDER_EXPIRY_SWEEP_SECONDS: '30',
    })
    expect(set.ok && set.config).toMatchObject({
      ORDER_EXPIRE_AFTER_MINUTES: 120,
      ORDER_EXPIRY_SWEEP_SECONDS: 30,
    })
    // Shorter than the bank token's life would expire orders someone is paying right now.
    const bad = parseEnv(envSchema, {
      ...MINIMAL_ENV,
      ORDER_EXPIRE_AFTER_MINUTES: '10',
      ORDER_EXPIRY_SWEEP_SECONDS: '1',
    })
    expect(!bad.ok && bad.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ORDER_EXPIRE_AFTER_MINUTES: /),
        expect.stringMatching(/^ORDER_EXPIRY_SWEEP_SECONDS: /),
      ]),
    )
  })

  it('refuses the sandbox gateway and a missing credentials key in production', () => {
    const result = parseEnv(envSchema, production)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GATEWAY: /),
        expect.stringMatching(/^CREDENTIALS_ENCRYPTION_KEY: /),
        expect.stringMatching(/^SEP_TERMINAL_ID: |^GATEWAY: /),
      ]),
    )
    const ok = parseEnv(envSchema, {
      ...production,
      GATEWAY: 'sep',
      SEP_TERMINAL_ID: '12345678',
      CREDENTIALS_ENCRYPTION_KEY: KEY,
      QUOTE_SIGNING_KEY: KEY,
      IDEMPOTENCY_HASH_KEY: KEY,
      IDENTITY_PROVIDER: 'jibit',
      JIBIT_API_KEY: 'jb-key',
      JIBIT_SECRET_KEY: 'jb-secret',
    })
    expect(!ok.ok && ok.errors).toBe(false)
  })

  it('needs a terminal for SEP and 32-byte keys', () => {
    const errors = (env: Record<string, string>) => {
      const result = parseEnv(envSchema, { ...MINIMAL_ENV, ...env })
      return result.ok ? [] : result.errors
    }
    expect(errors({ GATEWAY: 'sep' })).toEqual(['SEP_TERMINAL_ID: is required when GATEWAY=sep'])
    expect(errors({ CREDENTIALS_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toEqual([
      'CREDENTIALS_ENCRYPTION_KEY: must be 32 bytes encoded as base64',
    ])
    expect(errors({ CREDENTIALS_PREVIOUS_KEYS: `k0:${KEY},bad` })).toHaveLength(1)
    expect(errors({ CREDENTIALS_PREVIOUS_KEYS: `k0:${KEY}, k-old:${KEY}` })).toEqual([])
  })

  it('sends the bank back to the public web origin unless PAYMENTS_PUBLIC_URL says otherwise', () => {
    const config = (env: Record<string, string>) => {
      const result = parseEnv(envSchema, { ...MINIMAL_ENV, ...env })
      if (!result.ok) throw new Error(result.errors.join())
      return result.config
    }
    expect(callbackUrlOf(config({ WEB_PUBLIC_URL: 'https://arzpol.ir/' }))).toBe(
      'https://arzpol.ir/api/payments/callback/',
    )
    expect(
      callbackUrlOf(
        config({
          WEB_PUBLIC_URL: 'https://arzpol.ir',
          PAYMENTS_PUBLIC_URL: 'https://pay.arzpol.ir',
        }),
      ),
    ).toBe('https://pay.arzpol.ir/api/payments/callback/')
  })
})

describe('credential key rotation', () => {
  it('opens rows sealed with a previous key and seals new ones with the current key', async () => {
    const { createCredentialVault } = await import('./checkout/credentials.ts')
    const oldKey = randomBytes(32)
    const newKey = randomBytes(32)
    const before = createCredentialVault({ currentKeyId: 'k1', currentKey: oldKey })
    const sealed = before.seal('pa55', 7)
    const after = createCredentialVault({
      currentKeyId: 'k2',
      currentKey: newKey,
      previous: new Map([['k1', oldKey]]),
    })
    expect(after.open(sealed.ciphertext, sealed.keyId, 7)).toBe('pa55')
    expect(after.seal('pa55', 7).keyId).toBe('k2')
    // Tampering is detected (GCM tag), and unknown key ids are refused.
    const tampered = Buffer.from(sealed.ciphertext)
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1
    expect(() => after.open(tampered, 'k1', 7)).toThrow()
    expect(() => after.open(sealed.ciphertext, 'k9', 7)).toThrow(/no credential key/)
    // Two seals of the same text differ (random IV).
    expect(after.seal('pa55', 7).ciphertext.equals(after.seal('pa55', 7).ciphertext)).toBe(false)
  })
})
