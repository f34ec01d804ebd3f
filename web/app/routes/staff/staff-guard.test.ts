import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { loader as staffHomeLoader } from '~/routes/staff._index/route.tsx'
import { loader as staffLayoutLoader } from '~/routes/staff/route.tsx'
import { fakeJwt } from '../../../tests/fake-payments.ts'
import { CookieJar, flashMessage, getRequest, settle } from '../../../tests/utils.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { commitSession } from '~/features/auth/session.server.ts'
import {
  passedSecondFactor,
  requireStaff,
  roleOf,
  staffVerdict,
} from '~/features/staff/staff.server.ts'

/**
 * The back office guard against a small real HTTP server that answers `/api/auth/me/` the way
 * payments-service does: 200 for a token it issued, 401 otherwise, or 503 while "down".
 */

let server: Server
let url = ''
const liveTokens = new Map<string, { id: number; username: string }>()
let down = false
let dashboardDown = false
/** Refresh tokens web ended at payments-service (`POST /api/auth/logout/`). */
const loggedOut: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    if (down) {
      res.writeHead(503, { 'Content-Type': 'application/json' })
      return res.end(JSON.stringify({ detail: 'down' }))
    }
    if (req.url === '/api/staff/dashboard/' && dashboardDown) {
      res.writeHead(503, { 'Content-Type': 'application/json' })
      return res.end(JSON.stringify({ detail: 'database unavailable' }))
    }
    if (req.url === '/api/auth/logout/' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        loggedOut.push((JSON.parse(body) as { refresh: string }).refresh)
        res.writeHead(204)
        res.end()
      })
      return
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const user = liveTokens.get(token)
    if (req.url === '/api/auth/me/' && user) {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      return res.end(JSON.stringify({ ...user, email: null }))
    }
    res.writeHead(401, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ detail: 'no' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  process.env.PAYMENTS_URL = url
  resetEnvCache()
  down = false
  dashboardDown = false
  loggedOut.length = 0
})

let nextId = 1
/** A live session; a staff one passed the second factor unless `secondFactor` says otherwise. */
function session(role: string | undefined, secondFactor = role === 'support' || role === 'admin') {
  const id = nextId++
  const access = fakeJwt({
    sub: String(id),
    exp: Math.floor(Date.now() / 1000) + 600,
    second_factor: secondFactor,
    ...(role ? { role } : {}),
  })
  liveTokens.set(access, { id, username: `user${id}` })
  return new CookieJar().apply(
    new Headers({ 'Set-Cookie': commitSession({ access, refresh: `refresh-${id}` }) }),
  )
}

function expectRedirect(result: unknown, location: string) {
  expect(result).toBeInstanceOf(Response)
  expect((result as Response).status).toBe(302)
  expect((result as Response).headers.get('Location')).toBe(location)
}

/** Remix's `data()` thrown as an error response: its status and Persian message. */
function thrownData(result: unknown): { status: number | undefined; message: string } {
  const value = result as { data: { message: string }; init: { status?: number } }
  return { status: value.init?.status, message: value.data?.message }
}

describe('roleOf and staffVerdict', () => {
  it('reads the role claim, and nothing from a token without a known one', () => {
    expect(roleOf(fakeJwt({ role: 'admin' }))).toBe('admin')
    expect(roleOf(fakeJwt({ role: 'support' }))).toBe('support')
    expect(roleOf(fakeJwt({ role: 'superuser' }))).toBeNull()
    expect(roleOf(fakeJwt({}))).toBeNull()
    expect(roleOf('garbage')).toBeNull()
  })

  it('lets staff in, keeps admin pages for admins, and everyone else out', () => {
    expect(staffVerdict('support', 'staff', true)).toBe('allow')
    expect(staffVerdict('admin', 'staff', true)).toBe('allow')
    expect(staffVerdict('admin', 'admin', true)).toBe('allow')
    expect(staffVerdict('support', 'admin', true)).toBe('not-admin')
    expect(staffVerdict('customer', 'staff', true)).toBe('not-staff')
    expect(staffVerdict(null, 'staff', true)).toBe('not-staff')
    expect(staffVerdict('customer', 'admin', false)).toBe('not-staff')
  })

  it('lets staff in only through a session that passed the second factor', () => {
    expect(staffVerdict('support', 'staff', false)).toBe('second-factor-needed')
    expect(staffVerdict('admin', 'admin', false)).toBe('second-factor-needed')
    expect(passedSecondFactor(fakeJwt({ role: 'admin', second_factor: true }))).toBe(true)
    expect(passedSecondFactor(fakeJwt({ role: 'admin', second_factor: false }))).toBe(false)
    expect(passedSecondFactor(fakeJwt({ role: 'admin', second_factor: 'true' }))).toBe(false)
    expect(passedSecondFactor(fakeJwt({ role: 'admin' }))).toBe(false)
    expect(passedSecondFactor('garbage')).toBe(false)
  })
})

describe('requireStaff and the /staff layout', () => {
  it("sends a visitor without a session to the back office's own sign-in", async () => {
    const result = await settle(() =>
      staffLayoutLoader({ request: getRequest('/staff'), params: {}, context: {} }),
    )
    expectRedirect(result, '/staff/login')
  })

  it('sends a signed-in customer to their dashboard, keeping the session', async () => {
    const result = await settle(() => requireStaff(getRequest('/staff', session('customer'))))
    expectRedirect(result, '/dashboard')
    expect((result as Response).headers.getSetCookie()).toEqual([])
  })

  it('lets support in with their role, and refuses them admin-only pages with 403', async () => {
    const jar = session('support')
    const staff = await requireStaff(getRequest('/staff', jar))
    expect(staff.role).toBe('support')
    expect(staff.user.username).toMatch(/^user\d+$/)
    const refused = await requireStaff(getRequest('/staff/rates', jar), 'admin').catch((e) => e)
    expect(thrownData(refused)).toEqual({
      status: 403,
      message: 'این بخش فقط برای مدیران سامانه است.',
    })
  })

  it('ends a staff session that did not pass the second factor and sends them to sign in with it', async () => {
    const jar = session('admin', false)
    const result = await settle(() => requireStaff(getRequest('/staff', jar)))
    expectRedirect(result, '/staff/login')
    const cookies = (result as Response).headers.getSetCookie()
    expect(cookies[0]).toMatch(/^arzpol_session=;/)
    expect(flashMessage(result)).toBe(
      'برای ورود به بخش کارکنان، دوباره با رمز عبور و کد تأیید دومرحله‌ای وارد شوید.',
    )
    // The session ends at payments-service too, not only in this browser.
    expect(loggedOut).toEqual([expect.stringMatching(/^refresh-\d+$/)])
  })

  it('lets an admin into admin-only pages', async () => {
    const admin = await requireStaff(getRequest('/staff/rates', session('admin')), 'admin')
    expect(admin.role).toBe('admin')
  })

  it('treats a token payments-service refuses as signed out', async () => {
    const jar = new CookieJar().apply(
      new Headers({
        'Set-Cookie': commitSession({
          access: fakeJwt({ role: 'admin', exp: Math.floor(Date.now() / 1000) + 600 }),
          refresh: 'unknown',
        }),
      }),
    )
    // The refresh also fails (401 from this server): the guard clears the session.
    const result = await settle(() => requireStaff(getRequest('/staff', jar)))
    expectRedirect(result, '/staff/login')
    expect((result as Response).headers.getSetCookie()[0]).toMatch(/^arzpol_session=;/)
  })

  it('shows the Persian outage page when payments-service is down, without ending the session', async () => {
    vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    const jar = session('support')
    down = true
    const result = await requireStaff(getRequest('/staff', jar)).catch((e) => e)
    expect(thrownData(result)).toEqual({
      status: 503,
      message: 'سرویس پرداخت در دسترس نیست؛ لطفاً چند لحظه بعد دوباره تلاش کنید.',
    })
  })

  it('turns a page whose data payments-service cannot give into the Persian outage page', async () => {
    dashboardDown = true
    const result = await settle(() =>
      staffHomeLoader({
        request: getRequest('/staff', session('support')),
        params: {},
        context: {},
      }),
    ).catch((e) => e)
    expect(thrownData(result)).toEqual({
      status: 503,
      message: 'سرویس پرداخت در دسترس نیست؛ لطفاً چند لحظه بعد دوباره تلاش کنید.',
    })
  })
})
