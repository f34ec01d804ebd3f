import { createRequestHandler } from '@remix-run/node'
import type { ServerBuild } from '@remix-run/node'
import type { ViteDevServer } from 'vite'
import { createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { otpFlowCookie } from '~/features/auth/session.server.ts'
import { CookieJar, formRequest, getRequest } from './utils.ts'

/**
 * The whole app rendered by Remix's real request handler (through Vite, as in development): what
 * a browser without JavaScript receives. Loaders and actions have their own tests; this checks
 * the HTML contract: direction, the attributes of phone and code fields, and that a password
 * never comes back in a page.
 */

let vite: ViteDevServer
let handle: (request: Request) => Promise<Response>

beforeAll(async () => {
  vite = await createServer({
    root: new URL('..', import.meta.url).pathname,
    configFile: new URL('../vite.config.ts', import.meta.url).pathname,
    server: { middlewareMode: true, hmr: false, ws: false },
    // Its own cache, so a dev server running beside the tests is not disturbed.
    cacheDir: 'node_modules/.vite-ssr-test',
    logLevel: 'error',
  })
  const build = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  handle = (request) => handler(request)
}, 60_000)

afterAll(() => vite?.close())

async function html(request: Request) {
  const response = await handle(request)
  return { status: response.status, text: await response.text() }
}

describe('server-rendered pages', () => {
  it('renders the home page right to left in Persian with the font preloaded', async () => {
    const { status, text } = await html(getRequest('/'))
    expect(status).toBe(200)
    expect(text).toContain('<html lang="fa" dir="rtl">')
    expect(text).toContain('ارزپل؛ پرداخت ارزی بین‌المللی با ریال')
    expect(text).toMatch(
      /<link rel="preload" href="[^"]*Vazirmatn[^"]*\.woff2" as="font" type="font\/woff2" crossorigin="anonymous"\/>/,
    )
    expect(text).toContain('href="/favicon.svg"')
    for (const label of [
      'خدمات پایه',
      'خدمات متوسط',
      'خدمات تخصصی',
      'درباره ما',
      'وبلاگ',
      'ورود',
      'ثبت نام',
    ]) {
      expect(text).toContain(label)
    }
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
    const { text } = await html(getRequest('/?auth=register', jar))
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
    const { status, text } = await html(
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
