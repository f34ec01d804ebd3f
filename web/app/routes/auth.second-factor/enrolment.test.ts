import { createServer, type Server } from 'node:http'
import jsQR from 'jsqr'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { qrCode, type QrCode } from '~/features/auth/qr-code.server.ts'
import {
  enrolmentLinkCookie,
  recoveryCodesCookie,
  secondFactorCookie,
} from '~/features/auth/session.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { action as secondFactorAction, loader as secondFactorLoader } from './route.tsx'
import { loader as enrolLinkLoader } from '../staff_.enrol/route.tsx'
import { action as downloadAction, loader as downloadLoader } from '../auth.recovery-codes[.]txt.ts'
import { expectToHold, startSsrApp, type SsrApp } from '../../../tests/ssr-app.ts'
import { closeServer, listenLocally, readJson, sendJson } from '../../../tests/http-stand-in.ts'
import { CookieJar, expectData, getRequest, sameOriginPost, settle } from '../../../tests/utils.ts'

/**
 * The staff enrolment on web (ADR 035): the link's landing page, the second-factor page's
 * stages against a local stand-in for payments-service, the QR code drawn on the server (read
 * back with a QR decoder), the key page as a browser without JavaScript gets it, and the
 * recovery codes as a text file.
 */

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde'
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const URI = `otpauth://totp/ArzPol:sara?secret=${SECRET}&period=30&digits=6&algorithm=SHA1&issuer=ArzPol`
const CHALLENGE = 'v1.payload.mac'

/** The path of a QrCode back into modules, drawn 4 pixels each, and read by a QR decoder. */
function decode(code: QrCode): string | null {
  const scale = 4
  const width = code.size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y, run] of code.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dx = 0; dx < Number(run) * scale; dx++) {
      for (let dy = 0; dy < scale; dy++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4
        pixels.fill(0, at, at + 3)
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null
}

describe('the QR code of the otpauth:// URI', () => {
  it('is drawn on the server and reads back as exactly the URI', () => {
    const code = qrCode(URI)
    expect(code.size).toBeGreaterThan(21 + 8)
    expect(code.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/)
    expect(decode(code)).toBe(URI)
  })
})

describe('the enrolment link and the second-factor page', () => {
  let server: Server
  const received: unknown[] = []
  let answer: { status: number; body: unknown } = { status: 200, body: {} }

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      received.push({ path: req.url, body: await readJson(req) })
      sendJson(res, answer.status, answer.body)
    })
    process.env.PAYMENTS_URL = await listenLocally(server)
  })
  afterAll(() => closeServer(server))
  beforeEach(() => {
    resetEnvCache()
    received.length = 0
    answer = { status: 200, body: { secret: SECRET, otpauth_uri: URI } }
  })

  /** A browser past the password of a staff member who has not enrolled. */
  const pastPassword = () =>
    new CookieJar().apply(
      new Headers({
        'Set-Cookie': secondFactorCookie.serialize({ challenge: CHALLENGE, enrol: true }),
      }),
    )
  const withLink = (jar: CookieJar) =>
    jar.apply(new Headers({ 'Set-Cookie': enrolmentLinkCookie.serialize({ link: TOKEN }) }))

  it('moves the link out of the URL into a cookie, and never sends it on as a Referer', async () => {
    const opened = await settle(() =>
      enrolLinkLoader({
        request: getRequest(`/staff/enrol?link=${TOKEN}`),
        params: {},
        context: {},
      }),
    )
    expect(opened).toBeInstanceOf(Response)
    const response = opened as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/staff/enrol')
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    const jar = new CookieJar().apply(response)
    expect(enrolmentLinkCookie.read(getRequest('/', jar))).toEqual({ link: TOKEN })
    // The cookie is sealed: the token is not in it as text.
    expect(jar.header()).not.toContain(TOKEN)

    const page = await settle(() =>
      enrolLinkLoader({ request: getRequest('/staff/enrol', jar), params: {}, context: {} }),
    )
    expect(page).toEqual({ held: true, signedIn: false })

    // A link cut short by a mail client is not kept.
    const mangled = (await settle(() =>
      enrolLinkLoader({
        request: getRequest('/staff/enrol?link=AbCd', jar),
        params: {},
        context: {},
      }),
    )) as Response
    jar.apply(mangled)
    expect(enrolmentLinkCookie.read(getRequest('/', jar))).toBeNull()
  })

  it('without a link, asks for one from an admin and calls nothing', async () => {
    const view = await settle(() =>
      secondFactorLoader({
        request: getRequest('/auth/second-factor', pastPassword()),
        params: {},
        context: {},
      }),
    )
    expect(view).toMatchObject({ mode: 'enrol', stage: 'link-required' })
    expect((view as { message: string }).message).toContain('از مدیر سامانه بخواهید')
    expect(received).toEqual([])
  })

  it('with a link, shows the key once it is asked for: the link goes with the challenge and is then forgotten', async () => {
    const jar = withLink(pastPassword())
    expect(
      await settle(() =>
        secondFactorLoader({
          request: getRequest('/auth/second-factor', jar),
          params: {},
          context: {},
        }),
      ),
    ).toEqual({ mode: 'enrol', stage: 'ready' })

    const started = (await settle(() =>
      secondFactorAction({
        request: sameOriginPost('/auth/second-factor', { intent: 'start-enrolment' }, jar),
        params: {},
        context: {},
      }),
    )) as Response
    expect(received).toEqual([
      { path: '/api/auth/second-factor/enrolment/', body: { challenge: CHALLENGE, link: TOKEN } },
    ])
    expect(started.headers.get('Location')).toBe('/auth/second-factor')
    jar.apply(started)
    expect(enrolmentLinkCookie.read(getRequest('/', jar))).toBeNull()

    // Reloads and wrong first codes show the same key again, without asking payments-service.
    for (let i = 0; i < 2; i++) {
      const view = await settle(() =>
        secondFactorLoader({
          request: getRequest('/auth/second-factor', jar),
          params: {},
          context: {},
        }),
      )
      expect(view).toMatchObject({ mode: 'enrol', stage: 'key', secret: SECRET, otpauthUri: URI })
      expect(decode((view as { qr: QrCode }).qr)).toBe(URI)
    }
    expect(received).toHaveLength(1)
  })

  it('forgets a link payments-service refuses, and says why in Persian', async () => {
    const jar = withLink(pastPassword())
    const detail =
      'این پیوند فعال‌سازی قبلاً یک بار استفاده شده است؛ از مدیر سامانه پیوند تازه‌ای بخواهید.'
    answer = { status: 410, body: { detail, code: 'second_factor_enrolment_link_used' } }
    const refused = await settle(() =>
      secondFactorAction({
        request: sameOriginPost('/auth/second-factor', { intent: 'start-enrolment' }, jar),
        params: {},
        context: {},
      }),
    )
    const result = expectData<{ errors: { form: string[] } }>(refused)
    expect(result.data.errors.form).toEqual([detail])
    expect(result.init?.status).toBe(403)
    jar.apply(new Headers(result.init?.headers))
    expect(enrolmentLinkCookie.read(getRequest('/', jar))).toBeNull()
  })
})

describe('the recovery codes as a text file', () => {
  const CODES = ['abcde-fgh23', 'zzzzz-22222']

  it('answers the posted codes as a download, and refuses anything else', async () => {
    const form = new URLSearchParams(CODES.map((code) => ['code', code]))
    const response = await downloadAction({
      request: new Request('http://127.0.0.1:3000/auth/recovery-codes.txt', {
        method: 'POST',
        body: form,
      }),
      params: {},
      context: {},
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="arzpol-recovery-codes.txt"',
    )
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const text = await response.text()
    expect(text).toContain('کدهای بازیابی')
    expect(text.trimEnd().split('\r\n').slice(-2)).toEqual(CODES)

    for (const bad of [[], ['<script>'], Array.from({ length: 21 }, () => CODES[0] ?? '')]) {
      const refused = await downloadAction({
        request: new Request('http://127.0.0.1:3000/auth/recovery-codes.txt', {
          method: 'POST',
          body: new URLSearchParams(bad.map((code) => ['code', code])),
        }),
        params: {},
        context: {},
      })
      expect(refused.status).toBe(400)
      expect(await refused.text()).not.toContain('<script>')
    }
    const get = downloadLoader()
    expect([get.status, get.headers.get('Location')]).toEqual([302, '/auth/recovery-codes'])
  })
})

describe('as a browser without JavaScript gets them', () => {
  let app: SsrApp
  beforeAll(async () => {
    app = await startSsrApp('second-factor-test')
  }, 60_000)
  afterAll(() => app?.close())

  it('the key page: the QR code as inline SVG, the key and the URI as text, then the code form', async () => {
    const jar = new CookieJar().apply(
      new Headers({
        'Set-Cookie': secondFactorCookie.serialize({
          challenge: CHALLENGE,
          enrol: true,
          enrolment: { secret: SECRET, otpauthUri: URI },
        }),
      }),
    )
    const { status, text } = await app.render(getRequest('/auth/second-factor', jar))
    expect(status).toBe(200)
    const size = qrCode(URI).size
    const svg = text.match(/<svg[^>]*data-testid="totp-qr"[^>]*>/)?.[0] ?? ''
    expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`)
    expect(svg).toContain('role="img"')
    expectToHold(text, [
      '<html lang="fa" dir="rtl">',
      // Grouped by four for typing by hand.
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
      `href="${URI.replaceAll('&', '&amp;')}"`,
      'name="code"',
      'value="confirm-enrolment"',
    ])
    // Drawn in the page: no image to fetch, nothing sent elsewhere.
    expect(text).not.toMatch(/<img[^>]*qr/i)
  })

  it('the recovery codes page: a download form with the codes, print styles, no copy button without JavaScript', async () => {
    const jar = new CookieJar().apply(
      new Headers({ 'Set-Cookie': recoveryCodesCookie.serialize({ codes: ['abcde-fgh23'] }) }),
    )
    const { status, text } = await app.render(getRequest('/auth/recovery-codes', jar))
    expect(status).toBe(200)
    expectToHold(text, [
      /<form[^>]*method="post"[^>]*action="\/auth\/recovery-codes.txt"/,
      '<input type="hidden" name="code" value="abcde-fgh23"/>',
      // Printed, the page is the codes alone (the print rules of app.css).
      'data-print-page',
    ])
    expect(text).not.toContain('recovery-codes-copy')
  })
})
