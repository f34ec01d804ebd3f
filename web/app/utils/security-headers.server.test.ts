import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server.ts'
import { baseSecurityHeaders, documentCsp } from './security-headers.server.ts'

const env = (extra: Record<string, string> = {}) =>
  parseEnv({
    SESSION_SECRET: 'x'.repeat(32),
    CMS_URL: 'http://127.0.0.1:1337',
    ...extra,
  })

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `) || part === name)

describe('documentCsp', () => {
  it("lets only this response's nonce and our own files run scripts", () => {
    const policy = documentCsp('abc123', env())
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc123'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toContain('unsafe-eval')
    expect(directive(policy, 'object-src')).toBe("object-src 'none'")
    expect(directive(policy, 'base-uri')).toBe("base-uri 'none'")
  })

  it('refuses framing, and lets forms post only to us and the bank gateways', () => {
    const policy = documentCsp(
      'n',
      env({ PAYMENT_GATEWAY_ORIGINS: 'http://127.0.0.1:4100/x, https://sep.shaparak.ir' }),
    )
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(policy, 'form-action')).toBe(
      "form-action 'self' http://127.0.0.1:4100 https://sep.shaparak.ir",
    )
    expect(directive(documentCsp('n', env()), 'form-action')).toBe(
      "form-action 'self' https://sep.shaparak.ir",
    )
  })

  it('lets only the cms admin frame the preview page, and nothing frame any other page', () => {
    const preview = documentCsp('n', env({ CMS_URL: 'https://cms.arzpol.ir/' }), {
      framedByCms: true,
    })
    expect(directive(preview, 'frame-ancestors')).toBe('frame-ancestors https://cms.arzpol.ir')
    const page = documentCsp('n', env({ CMS_URL: 'https://cms.arzpol.ir/' }))
    expect(directive(page, 'frame-ancestors')).toBe("frame-ancestors 'none'")
  })

  it('allows images from the cms, and upgrades insecure requests only in production', () => {
    expect(directive(documentCsp('n', env()), 'img-src')).toContain('http://127.0.0.1:1337')
    expect(documentCsp('n', env())).not.toContain('upgrade-insecure-requests')
    expect(documentCsp('n', { ...env(), APP_ENV: 'production' })).toContain(
      'upgrade-insecure-requests',
    )
  })

  it('refuses a gateway setting that is not a list of origins', () => {
    expect(() => env({ PAYMENT_GATEWAY_ORIGINS: 'sep.shaparak.ir' })).toThrow(
      /PAYMENT_GATEWAY_ORIGINS/,
    )
  })
})

describe('baseSecurityHeaders', () => {
  it('sends the referrer policy the bank gateways need and no framing', () => {
    const headers = baseSecurityHeaders(env())
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['X-Frame-Options']).toBe('DENY')
    expect(headers['Permissions-Policy']).toContain('camera=()')
    // WebOTP reads the SMS code on our own origin.
    expect(headers['Permissions-Policy']).toContain('otp-credentials=(self)')
  })

  it('sends HSTS in production only', () => {
    expect(baseSecurityHeaders(env())['Strict-Transport-Security']).toBeUndefined()
    expect(baseSecurityHeaders({ APP_ENV: 'production' })['Strict-Transport-Security']).toBe(
      'max-age=63072000; includeSubDomains',
    )
  })
})
