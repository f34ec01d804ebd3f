import { describe, expect, it } from 'vitest'
import { resetEnvCache } from '~/utils/env.server.ts'
import { readCookie, seal, unseal } from '~/utils/sealed-cookie.server.ts'
import {
  commitSession,
  destroySession,
  flashCookie,
  getSessionTokens,
  otpFlowCookie,
  resendRemaining,
  sessionCookie,
} from './session.server.ts'

const tokens = { access: 'a.b.c', refresh: 'refresh-token' }

function requestWith(cookie: string) {
  return new Request('http://127.0.0.1:3000/', { headers: { Cookie: cookie } })
}

/** The `name=value` part of a Set-Cookie header. */
function pair(setCookie: string) {
  return setCookie.split(';')[0] ?? ''
}

describe('sealed cookies', () => {
  it('round-trips the session tokens through an httpOnly SameSite=Lax cookie', () => {
    const setCookie = commitSession(tokens)
    expect(setCookie).toMatch(
      /^arzpol_session=v1\.[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    )
    expect(getSessionTokens(requestWith(pair(setCookie)))).toEqual(tokens)
  })

  it('encrypts: the tokens are not readable in the cookie', () => {
    const value = pair(commitSession(tokens))
    expect(value).not.toContain('refresh-token')
    expect(Buffer.from(value.split('.')[1] ?? '', 'base64url').toString('latin1')).not.toContain(
      'refresh',
    )
  })

  it('refuses a cookie with any byte changed', () => {
    const value = pair(commitSession(tokens)).split('=')[1] ?? ''
    const packed = Buffer.from(value.slice(3), 'base64url')
    for (const index of [0, 12, packed.length >> 1, packed.length - 1]) {
      const tampered = Buffer.from(packed)
      tampered[index] = (tampered[index] ?? 0) ^ 0x01
      const cookie = `arzpol_session=v1.${tampered.toString('base64url')}`
      expect(getSessionTokens(requestWith(cookie))).toBeNull()
    }
  })

  it('refuses garbage, truncation and an unknown version', () => {
    const value = pair(commitSession(tokens)).split('=')[1] ?? ''
    for (const bad of [
      '',
      'nonsense',
      'v1.',
      'v1.AAAA',
      value.slice(0, -4),
      `v2${value.slice(2)}`,
    ]) {
      expect(getSessionTokens(requestWith(`arzpol_session=${bad}`))).toBeNull()
    }
  })

  it('refuses a value sealed for another cookie (the name is authenticated)', () => {
    const flowValue = pair(
      otpFlowCookie.serialize({
        purpose: 'register',
        phone: '09120000000',
        sentAt: 1,
        resendAfter: 1,
      }),
    ).split('=')[1]
    expect(getSessionTokens(requestWith(`arzpol_session=${flowValue}`))).toBeNull()
  })

  it('refuses a value sealed with another secret', () => {
    const foreign = seal(
      tokens,
      'another-secret-another-secret-another',
      'arzpol_session',
      Date.now() + 60_000,
    )
    expect(getSessionTokens(requestWith(`arzpol_session=${foreign}`))).toBeNull()
  })

  it('refuses an expired value even if the browser still sends it', () => {
    const secret = process.env.SESSION_SECRET ?? ''
    const token = seal(tokens, secret, 'arzpol_session', 1_000)
    expect(unseal(token, secret, 'arzpol_session', 999)).toEqual(tokens)
    expect(unseal(token, secret, 'arzpol_session', 1_000)).toBeNull()
  })

  it('refuses a well-sealed value of the wrong shape', () => {
    const secret = process.env.SESSION_SECRET ?? ''
    const token = seal({ access: 'only' }, secret, 'arzpol_session', Date.now() + 60_000)
    expect(getSessionTokens(requestWith(`arzpol_session=${token}`))).toBeNull()
  })

  it('deletes the cookie on logout', () => {
    expect(destroySession()).toMatch(/^arzpol_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/)
  })

  it('is Secure and __Host- prefixed in production', () => {
    const publicUrl = process.env.WEB_PUBLIC_URL
    process.env.APP_ENV = 'production'
    // The production profile refuses a public URL without https.
    process.env.WEB_PUBLIC_URL = 'https://arzpol.test'
    resetEnvCache()
    try {
      const setCookie = commitSession(tokens)
      expect(setCookie).toMatch(/^__Host-arzpol_session=v1\./)
      expect(setCookie).toContain('; Secure')
      expect(sessionCookie.name).toBe('__Host-arzpol_session')
      expect(getSessionTokens(requestWith(pair(setCookie)))).toEqual(tokens)
      // The unprefixed cookie of a development build is not honoured in production.
      expect(
        getSessionTokens(requestWith(`arzpol_session=${pair(setCookie).split('=')[1]}`)),
      ).toBeNull()
    } finally {
      process.env.APP_ENV = 'test'
      if (publicUrl === undefined) delete process.env.WEB_PUBLIC_URL
      else process.env.WEB_PUBLIC_URL = publicUrl
      resetEnvCache()
    }
  })

  it('keeps the flash and OTP flow cookies short-lived', () => {
    expect(flashCookie.serialize({ message: 'x' })).toContain('Max-Age=60;')
    expect(
      otpFlowCookie.serialize({
        purpose: 'reset',
        phone: '09120000000',
        sentAt: 1,
        resendAfter: 1,
      }),
    ).toContain('Max-Age=900;')
  })
})

describe('readCookie', () => {
  it('finds one cookie among many', () => {
    expect(readCookie('a=1; arzpol_session=v1.x; b=2', 'arzpol_session')).toBe('v1.x')
    expect(readCookie('a=1', 'arzpol_session')).toBeNull()
    expect(readCookie(null, 'a')).toBeNull()
  })
})

describe('resendRemaining', () => {
  it('counts down from resendAfter and stops at zero', () => {
    const flow = {
      purpose: 'register' as const,
      phone: '09120000000',
      sentAt: 10_000,
      resendAfter: 120,
    }
    expect(resendRemaining(flow, 10_000)).toBe(120)
    expect(resendRemaining(flow, 10_000 + 61_500)).toBe(59)
    expect(resendRemaining(flow, 10_000 + 500_000)).toBe(0)
  })
})
