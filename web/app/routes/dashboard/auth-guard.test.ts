import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { loader as dashboardLoader } from '~/routes/dashboard/route.tsx'
import { loader as dashboardSplatLoader } from '~/routes/dashboard.$.tsx'
import { action as logoutAction } from '~/routes/logout.tsx'
import { fakeJwt, startFakePayments } from '../../../tests/fake-payments.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { CookieJar, formRequest, getRequest, isDataResult, settle } from '../../../tests/utils.ts'
import { isAccessTokenFresh, requireUser } from '~/features/auth/auth.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { commitSession, getSessionTokens } from '~/features/auth/session.server.ts'

const fake = await standInForFile(startFakePayments(), 'PAYMENTS_URL', (fake) => {
  fake.requests.length = 0
  fake.failWith = null
})

let phoneCounter = 0
function signedInJar(accessTtl?: number, role?: string) {
  const phone = `0912000${String(++phoneCounter).padStart(4, '0')}`
  fake.addUser(phone, 'password-1')
  const tokens = fake.issueTokens(phone, accessTtl, role)
  const jar = new CookieJar().apply(new Headers({ 'Set-Cookie': commitSession(tokens) }))
  return { phone, tokens, jar }
}

function expectLoginRedirect(result: unknown) {
  expect(result).toBeInstanceOf(Response)
  const response = result as Response
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe('/?auth=login')
  expect(response.headers.getSetCookie()).toEqual([
    expect.stringMatching(/^arzpol_session=; Path=\/; Max-Age=0/),
  ])
}

describe('isAccessTokenFresh', () => {
  it('reads exp and keeps a 30 s margin', () => {
    const now = Date.now()
    expect(isAccessTokenFresh(fakeJwt({ exp: Math.floor(now / 1000) + 600 }), now)).toBe(true)
    expect(isAccessTokenFresh(fakeJwt({ exp: Math.floor(now / 1000) + 10 }), now)).toBe(false)
    expect(isAccessTokenFresh(fakeJwt({}), now)).toBe(false)
    expect(isAccessTokenFresh('not a jwt', now)).toBe(false)
  })
})

describe('requireUser and the dashboard guard', () => {
  it('sends a visitor without a session to /?auth=login and clears the cookie', async () => {
    expectLoginRedirect(await settle(() => requireUser(getRequest('/dashboard'))))
    expectLoginRedirect(
      await settle(() =>
        dashboardLoader({ request: getRequest('/dashboard'), params: {}, context: {} }),
      ),
    )
    expect(fake.requests).toHaveLength(0)
  })

  it('treats an unreadable cookie as no session', async () => {
    const jar = new CookieJar().set('arzpol_session', 'v1.forged')
    expectLoginRedirect(await settle(() => requireUser(getRequest('/dashboard', jar))))
  })

  it('returns the current user for a valid session without touching the cookie', async () => {
    const { phone, jar, tokens } = signedInJar()
    const result = await requireUser(getRequest('/dashboard', jar))
    expect(result.user).toEqual({ id: expect.any(Number), username: phone, email: null })
    expect(result.tokens).toEqual(tokens)
    expect(result.headers.getSetCookie()).toEqual([])
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/auth/me/'])
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${tokens.access}`)
  })

  it('gives the dashboard loader the user and a no-store answer', async () => {
    const { phone, jar } = signedInJar()
    const result = await dashboardLoader({
      request: getRequest('/dashboard', jar),
      params: {},
      context: {},
    })
    expect(isDataResult(result) && result.data).toEqual({
      user: { id: expect.any(Number), username: phone, email: null },
      isStaff: false,
    })
  })

  it('tells the dashboard when the user is staff, so the menu links to /staff', async () => {
    const { jar } = signedInJar(undefined, 'support')
    const result = await dashboardLoader({
      request: getRequest('/dashboard', jar),
      params: {},
      context: {},
    })
    expect(isDataResult(result) && result.data).toMatchObject({ isStaff: true })
  })

  it('refreshes an access token about to expire, before asking who the user is', async () => {
    const { jar, tokens } = signedInJar(5)
    const result = await requireUser(getRequest('/dashboard', jar))
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/auth/token/refresh/', '/api/auth/me/'])
    expect(fake.requests[0]?.body).toEqual({ refresh: tokens.refresh })
    expect(result.tokens.refresh).not.toBe(tokens.refresh)
    // The browser gets the rotated pair.
    jar.apply(result.headers)
    expect(getSessionTokens(getRequest('/', jar))).toEqual(result.tokens)
  })

  it('refreshes and retries once when payments-service refuses a fresh-looking token', async () => {
    const { jar, phone } = signedInJar()
    // A token that looks valid for an hour but that payments-service never issued.
    const forged = {
      access: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }),
      refresh: fake.issueTokens(phone).refresh,
    }
    jar.apply(new Headers({ 'Set-Cookie': commitSession(forged) }))
    const result = await requireUser(getRequest('/dashboard', jar))
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/api/auth/me/',
      '/api/auth/token/refresh/',
      '/api/auth/me/',
    ])
    expect(result.user.username).toBe(phone)
    expect(result.headers.getSetCookie()).toHaveLength(1)
  })

  it('logs out when the refresh token is refused', async () => {
    const { jar, tokens } = signedInJar(5)
    fake.refreshTokens.set(tokens.refresh, { phone: 'x', live: false })
    expectLoginRedirect(await settle(() => requireUser(getRequest('/dashboard', jar))))
  })

  it('logs out when the current-user call fails, even on an outage', async () => {
    const { jar } = signedInJar()
    fake.failWith = { status: 500, body: { detail: 'boom' } }
    expectLoginRedirect(await settle(() => requireUser(getRequest('/dashboard', jar))))

    const errors = vi.spyOn(getLogger(), 'error').mockImplementation(() => {})
    process.env.PAYMENTS_URL = 'http://127.0.0.1:1'
    resetEnvCache()
    expectLoginRedirect(await settle(() => requireUser(getRequest('/dashboard', jar))))
    expect(errors).toHaveBeenCalled()
  })

  it('shares one refresh between concurrent requests carrying the same old cookie', async () => {
    const { jar } = signedInJar(5)
    const results = await Promise.all([
      requireUser(getRequest('/dashboard', jar)),
      requireUser(getRequest('/dashboard', jar)),
      requireUser(getRequest('/dashboard', jar)),
    ])
    expect(fake.requests.filter((r) => r.path === '/api/auth/token/refresh/')).toHaveLength(1)
    expect(new Set(results.map((r) => r.tokens.refresh)).size).toBe(1)
    // A request that left before the new cookie arrived is still fine a moment later.
    const late = await requireUser(getRequest('/dashboard', jar))
    expect(late.tokens).toEqual(results[0]?.tokens)
    expect(fake.requests.filter((r) => r.path === '/api/auth/token/refresh/')).toHaveLength(1)
  })

  it('sends an unknown /dashboard/* path to the dashboard, or to login without a session', async () => {
    const { jar } = signedInJar()
    const args = (request: Request) => ({ request, params: { '*': 'x' }, context: {} })
    const withSession = await settle(() =>
      dashboardSplatLoader(args(getRequest('/dashboard/x', jar))),
    )
    expect((withSession as Response).headers.get('Location')).toBe('/dashboard')
    expectLoginRedirect(await settle(() => dashboardSplatLoader(args(getRequest('/dashboard/x')))))
  })
})

describe('logout', () => {
  it('revokes the refresh token, clears the session and the OTP flow, and goes home', async () => {
    const { jar, tokens } = signedInJar()
    const response = (await settle(() =>
      logoutAction({ request: formRequest('/logout', {}, jar), params: {}, context: {} }),
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^arzpol_session=; .*Max-Age=0/),
      expect.stringMatching(/^arzpol_otp=; .*Max-Age=0/),
    ])
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/api/auth/logout/',
      body: { refresh: tokens.refresh },
    })
    expect(fake.refreshTokens.get(tokens.refresh)?.live).toBe(false)
  })

  it('still clears the cookie when payments-service cannot be reached', async () => {
    const { jar } = signedInJar()
    vi.spyOn(getLogger(), 'error').mockImplementation(() => {})
    process.env.PAYMENTS_URL = 'http://127.0.0.1:1'
    resetEnvCache()
    const response = (await settle(() =>
      logoutAction({ request: formRequest('/logout', {}, jar), params: {}, context: {} }),
    )) as Response
    expect(response.headers.get('Location')).toBe('/')
    expect(response.headers.getSetCookie()[0]).toMatch(/^arzpol_session=; /)
  })
})
