import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { otpFlowCookie } from '~/features/auth/session.server.ts'
import { expectToHold, startSsrApp, type SsrApp } from './ssr-app.ts'
import { CookieJar, formRequest, getRequest } from './utils.ts'

/**
 * The whole app rendered by Remix's real request handler (through Vite, as in development): what
 * a browser without JavaScript receives. Loaders and actions have their own tests; this checks
 * the HTML contract: direction, the attributes of phone and code fields, and that a password
 * never comes back in a page.
 */

let app: SsrApp
beforeAll(async () => {
  app = await startSsrApp('ssr-test')
}, 60_000)
afterAll(() => app?.close())

describe('server-rendered pages', () => {
  it('renders the home page right to left in Persian with the font preloaded', async () => {
    const text = await app.page('/')
    expectToHold(text, [
      '<html lang="fa" dir="rtl">',
      'ارزپل؛ پرداخت ارزی بین‌المللی با ریال',
      /<link rel="preload" href="[^"]*Vazirmatn[^"]*\.woff2" as="font" type="font\/woff2" crossorigin="anonymous"\/>/,
      'href="/favicon.svg"',
    ])
    // The menu's entries.
    expectToHold(text, [
      'خدمات پایه',
      'خدمات میانی',
      'خدمات تخصصی',
      'درباره ما',
      'وبلاگ',
      'ورود',
      'ثبت نام',
    ])
  })

  it('gives phone and code fields the right keyboard, autofill and direction', async () => {
    const jar = new CookieJar().apply(
      new Headers({
        'Set-Cookie': otpFlowCookie.serialize({
          purpose: 'register',
          phone: '09121234567',
          sentAt: Date.now(),
          resendAfter: 120,
          devCode: '4321',
        }),
      }),
    )
    const { text } = await app.render(getRequest('/?auth=register', jar))
    const phone = text.match(/<input[^>]*name="phone"[^>]*>/)?.[0] ?? ''
    expect(phone).toContain('dir="ltr"')
    expect(phone).toContain('inputMode="numeric"')
    expect(phone).toContain('value="09121234567"')
    const code = text.match(/<input[^>]*name="code"[^>]*>/)?.[0] ?? ''
    expect(code).toContain('inputMode="numeric"')
    expect(code).toContain('autoComplete="one-time-code"')
    expect(code).toContain('dir="ltr"')
    expect(text).toMatch(/data-testid="dev-code"[^>]*>4321</)
    expect(text).toMatch(/data-testid="resend-countdown"[^>]*>[۰-۹]:[۰-۹]{2}</)
    expect(text).toMatch(
      /<button[^>]*disabled=""[^>]*value="resend-register-code"|<button[^>]*value="resend-register-code"[^>]*disabled=""/,
    )
  })

  it('answers a bad form post with the messages and without the password', async () => {
    const { status, text } = await app.render(
      formRequest('/?index&auth=register', {
        intent: 'register',
        phone: '09121234567',
        password: 'secret-one-1',
        confirmPassword: 'secret-two-2',
        code: '1234',
      }),
    )
    expect(status).toBe(400)
    expect(text).toContain('رمز عبور و تایید آن یکسان نیستند')
    expect(text).toContain('قوانین را تایید کنید')
    expect(text).toContain('value="09121234567"')
    expect(text).not.toContain('secret-one-1')
    expect(text).not.toContain('secret-two-2')
  })
})
