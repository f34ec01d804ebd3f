import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { loader as staffHomeLoader } from '~/routes/staff._index/route.tsx'
import { loader as staffLayoutLoader } from '~/routes/staff/route.tsx'
import { fakeJwt } from '../../../tests/fake-payments.ts'
import { CookieJar, getRequest, settle } from '../../../tests/utils.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { commitSession } from '~/features/auth/session.server.ts'
import { requireStaff, roleOf, staffVerdict } from '~/features/staff/staff.server.ts'

/**
 * The back office guard against a small real HTTP server that answers `/api/auth/me/` the way
 * payments-service does: 200 for a token it issued, 401 otherwise, or 503 while "down".
 */

let server: Server
let url = ''
const liveTokens = new Map<string, { id: number; username: string }>()
let down = false
let dashboardDown = false

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
})

let nextId = 1
function session(role: string | undefined) {
  const id = nextId++
  const access = fakeJwt({
    sub: String(id),
    exp: Math.floor(Date.now() / 1000) + 600,
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
    expect(staffVerdict('support', 'staff')).toBe('allow')
    expect(staffVerdict('admin', 'staff')).toBe('allow')
    expect(staffVerdict('admin', 'admin')).toBe('allow')
    expect(staffVerdict('support', 'admin')).toBe('not-admin')
    expect(staffVerdict('customer', 'staff')).toBe('not-staff')
    expect(staffVerdict(null, 'staff')).toBe('not-staff')
    expect(staffVerdict('customer', 'admin')).toBe('not-staff')
  })
})

describe('requireStaff and the /staff layout', () => {
  it('sends a visitor without a session to the login form', async () => {
    const result = await settle(() =>
      staffLayoutLoader({ request: getRequest('/staff'), params: {}, context: {} }),
    )
    expectRedirect(result, '/?auth=login')
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
    expectRedirect(result, '/?auth=login')
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
