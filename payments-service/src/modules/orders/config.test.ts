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

/** The configuration of the minimal environment plus `env`; throws on a refusal. */
const configOf = (env: Record<string, string> = {}) => {
  const result = parseEnv(envSchema, { ...MINIMAL_ENV, ...env })
  if (!result.ok) throw new Error(result.errors.join())
  return result.config
}

/** What `env` (over the minimal environment) is refused for; [] when it is accepted. */
const errorsOf = (env: Record<string, string>) => {
  const result = parseEnv(envSchema, { ...MINIMAL_ENV, ...env })
  return result.ok ? [] : result.errors
}

describe('payments configuration', () => {
  it('has development defaults', () => {
    expect(configOf()).toMatchObject({
      GATEWAY: 'sandbox',
      SANDBOX_BANK_URL: 'http://127.0.0.1:4100',
      RATE_LOCK_MINUTES: 15,
      RATE_CACHE_TTL_SECONDS: 10,
      CREDENTIALS_KEY_ID: 'k1',
      WEB_PUBLIC_URL: 'http://127.0.0.1:3000',
    })
  })

  it('reads the order expiry settings, with defaults and bounds', () => {
    expect(configOf()).toMatchObject({
      ORDER_EXPIRE_AFTER_MINUTES: 60,
      ORDER_EXPIRY_SWEEP_SECONDS: 60,
    })
    expect(
      configOf({ ORDER_EXPIRE_AFTER_MINUTES: '120', ORDER_EXPIRY_SWEEP_SECONDS: '30' }),
    ).toMatchObject({ ORDER_EXPIRE_AFTER_MINUTES: 120, ORDER_EXPIRY_SWEEP_SECONDS: 30 })
    // Shorter than the bank token's life would expire orders someone is paying right now.
    expect(errorsOf({ ORDER_EXPIRE_AFTER_MINUTES: '10', ORDER_EXPIRY_SWEEP_SECONDS: '1' })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ORDER_EXPIRE_AFTER_MINUTES: /),
        expect.stringMatching(/^ORDER_EXPIRY_SWEEP_SECONDS: /),
      ]),
    )
  })

  it('refuses the sandbox gateway and a missing credentials key in production', () => {
    expect(errorsOf(production)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GATEWAY: /),
        expect.stringMatching(/^CREDENTIALS_ENCRYPTION_KEY: /),
        expect.stringMatching(/^SEP_TERMINAL_ID: |^GATEWAY: /),
      ]),
    )
    const withEverything = {
      ...production,
      GATEWAY: 'sep',
      SEP_TERMINAL_ID: '12345678',
      CREDENTIALS_ENCRYPTION_KEY: KEY,
      QUOTE_SIGNING_KEY: KEY,
      IDEMPOTENCY_HASH_KEY: KEY,
      IDENTITY_PROVIDER: 'jibit',
      JIBIT_API_KEY: 'jb-key',
      JIBIT_SECRET_KEY: 'jb-secret',
    }
    expect(errorsOf(withEverything)).toEqual([])
  })

  it('needs a terminal for SEP and 32-byte keys', () => {
    expect(errorsOf({ GATEWAY: 'sep' })).toEqual(['SEP_TERMINAL_ID: is required when GATEWAY=sep'])
    expect(errorsOf({ CREDENTIALS_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toEqual([
      'CREDENTIALS_ENCRYPTION_KEY: must be 32 bytes encoded as base64',
    ])
    expect(errorsOf({ CREDENTIALS_PREVIOUS_KEYS: `k0:${KEY},bad` })).toHaveLength(1)
    expect(errorsOf({ CREDENTIALS_PREVIOUS_KEYS: `k0:${KEY}, k-old:${KEY}` })).toEqual([])
  })

  it('sends the bank back to the public web origin unless PAYMENTS_PUBLIC_URL says otherwise', () => {
    expect(callbackUrlOf(configOf({ WEB_PUBLIC_URL: 'https://arzpol.ir/' }))).toBe(
      'https://arzpol.ir/api/payments/callback/',
    )
    expect(
      callbackUrlOf(
        configOf({
          WEB_PUBLIC_URL: 'https://arzpol.ir',
          PAYMENTS_PUBLIC_URL: 'https://pay.arzpol.ir',
        }),
      ),
    ).toBe('https://pay.arzpol.ir/api/payments/callback/')
  })
})

describe('credential key rotation', () => {
  it('opens rows sealed with a previous key and seals new ones with the current key', async () => {
    const { createCredentialVault } = await import('../../lib/credential-vault.ts')
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
