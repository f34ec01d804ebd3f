import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeServerBuild, serveForTest } from './server.test-support.ts'
import { CROSS_ORIGIN_MESSAGE, judgeOrigin, type OriginCheckOptions } from './same-origin.ts'

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'app')
// The same list as vite.config.ts: helpers beside routes are not routes.
const IGNORED = ['**/*.server.*', '**/*.test.*', '**/__*.*', '**/.*']

interface RouteEntry {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  file: string
}

/** Every route of the app as Remix sees it, from the files under app/routes. */
const manifest = flatRoutes(APP_DIR, IGNORED) as Record<string, RouteEntry>

/** A URL that reaches the route's action: parents' paths joined, params filled, `?index`. */
function urlOf(route: RouteEntry): string {
  const segments: string[] = []
  for (
    let r: RouteEntry | undefined = route;
    r;
    r = r.parentId ? manifest[r.parentId] : undefined
  ) {
    if (r.path) segments.unshift(r.path)
  }
  const pathname = `/${segments.join('/')}`
    .replace(/:[^/]+/g, '1')
    .replace(/\*$/, 'x')
    .replace(/\/+/g, '/')
  return route.index ? `${pathname}?index` : pathname
}

/** Route ids whose module exports an action, and those with a component, from each route file. */
async function scanRoutes() {
  const actions: RouteEntry[] = []
  const pages = new Set<string>()
  for (const route of Object.values(manifest)) {
    const module = (await import(path.join(APP_DIR, route.file))) as Record<string, unknown>
    if (typeof module.action === 'function') actions.push(route)
    if (module.default !== undefined) pages.add(route.id)
  }
  return { actions: actions.sort((a, b) => a.id.localeCompare(b.id)), pages }
}

const EXEMPT = new Set(['routes/api.$', 'routes/resources.cms-webhook'])

describe('the origin check of form posts, for every action of the app', () => {
  let stop: () => Promise<void>
  let base: string
  let routes: RouteEntry[]
  const reached: string[] = []

  beforeAll(async () => {
    const scanned = await scanRoutes()
    routes = scanned.actions
    // The app's real route tree (pages keep a component: Remix treats a route without one as a
    // resource route); each action only notes that it ran.
    const buildRoutes: Record<string, unknown> = {
      root: { id: 'root', path: '', module: {} },
    }
    for (const route of Object.values(manifest)) {
      const hasAction = routes.some((r) => r.id === route.id)
      buildRoutes[route.id] = {
        id: route.id,
        parentId: route.parentId,
        path: route.path,
        index: route.index,
        module: {
          ...(scanned.pages.has(route.id) && { default: () => null }),
          ...(hasAction && {
            // A redirect, as the real actions answer a plain form: nothing to render.
            action: () => {
              reached.push(route.id)
              return new Response(null, { status: 303, headers: { Location: '/done' } })
            },
          }),
        },
      }
    }
    const build = fakeServerBuild(buildRoutes)
    ;({ base, stop } = await serveForTest(build, { publicUrl: 'https://arzpol.example' }))
  })

  afterAll(() => stop())

  const post = (url: string, headers: Record<string, string>) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: 'intent=anything',
      redirect: 'manual',
    })

  it('finds every staff action among the route files', () => {
    const staff = routes.filter((r) => r.id.startsWith('routes/staff')).map((r) => r.id)
    // The list comes from the files: a new staff route with an action joins it by itself.
    expect(staff).toEqual(
      expect.arrayContaining([
        'routes/staff.money-to-return',
        'routes/staff.orders.$orderId',
        'routes/staff.payment-types',
        'routes/staff.rates',
        'routes/staff.tickets.$ticketId',
        'routes/staff.users.$userId',
      ]),
    )
  })

  it('refuses a post from another origin to every page action, staff and customer, before it runs', async () => {
    const checked = routes.filter((r) => !EXEMPT.has(r.id))
    expect(checked.length).toBeGreaterThanOrEqual(14)
    for (const route of checked) {
      const url = urlOf(route)
      reached.length = 0
      for (const headers of [
        { Origin: 'https://evil.example' },
        { Origin: 'null' },
        { Origin: 'http://arzpol.example' },
        { 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Site': 'same-site' },
        { Referer: 'https://evil.example/form.html' },
        {},
      ] as Array<Record<string, string>>) {
        const response = await post(url, headers)
        expect(response.status, `${route.id} ${url} ${JSON.stringify(headers)}`).toBe(403)
        expect(await response.text()).toContain(CROSS_ORIGIN_MESSAGE)
      }
      // Single fetch (a fetcher's post) takes the same path with `.data`.
      const data = await post(url.replace(/(\?|$)/, '.data$1'), { Origin: 'https://evil.example' })
      expect(data.status, `${route.id} .data`).toBe(403)
      expect(reached, route.id).toEqual([])
    }
  })

  it('lets our own forms through to every page action', async () => {
    for (const route of routes.filter((r) => !EXEMPT.has(r.id))) {
      const url = urlOf(route)
      for (const headers of [
        { Origin: base },
        { 'Sec-Fetch-Site': 'same-origin' },
        { Referer: `${base}/somewhere` },
      ] as Array<Record<string, string>>) {
        reached.length = 0
        const response = await post(url, headers)
        expect(response.status, `${route.id} ${JSON.stringify(headers)}`).toBe(303)
        await response.arrayBuffer()
        expect(reached, `${route.id} ${url}`).toEqual([route.id])
      }
    }
  })

  it('answers a browser with a Persian page', async () => {
    const response = await post('/staff/rates', {
      Origin: 'https://evil.example',
      Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const page = await response.text()
    expect(page).toContain('<html lang="fa" dir="rtl">')
    expect(page).toContain(CROSS_ORIGIN_MESSAGE)
  })

  it('leaves the JSON API (the bank callback included) and the cms webhook to their own checks', async () => {
    for (const [url, id] of [
      ['/api/payments/callback/', 'routes/api.$'],
      ['/API/payments/create/', 'routes/api.$'],
      ['/resources/cms-webhook', 'routes/resources.cms-webhook'],
    ] as const) {
      reached.length = 0
      const response = await post(url, { Origin: 'https://sep.shaparak.ir' })
      expect(response.status, url).not.toBe(403)
      await response.arrayBuffer()
      expect(reached, url).toEqual([id])
    }
  })

  it('lets GET and HEAD through from anywhere', async () => {
    const response = await fetch(`${base}/staff/rates`, {
      headers: { Origin: 'https://evil.example' },
    })
    expect(response.status).not.toBe(403)
  })
})

describe('judgeOrigin', () => {
  const options: OriginCheckOptions = {
    publicUrl: 'https://arzpol.ir/',
    trustForwardedHost: false,
  }
  const judge = (
    headers: Record<string, string>,
    extra: Partial<{ method: string; url: string; encrypted: boolean }> = {},
    opts = options,
  ) =>
    judgeOrigin(
      {
        method: 'POST',
        url: '/dashboard/new-request',
        encrypted: false,
        ...extra,
        headers: { host: 'web.internal:3000', ...headers },
      },
      opts,
    )

  it('accepts the origin of the Host the request came to, and the public URL on that host', () => {
    expect(judge({ origin: 'http://web.internal:3000' })).toBe('pass')
    expect(judge({ origin: 'https://web.internal:3000' }, { encrypted: true })).toBe('pass')
    expect(judge({ origin: 'https://web.internal:3000' })).toBe('refuse')
    // TLS ended by a proxy that does not say so: WEB_PUBLIC_URL names the scheme.
    expect(judge({ host: 'arzpol.ir', origin: 'https://arzpol.ir' })).toBe('pass')
    // The public URL on another host than the request's: Remix would abort the action anyway.
    expect(judge({ origin: 'https://arzpol.ir' })).toBe('refuse')
    expect(judge({ host: 'arzpol.ir', origin: 'https://arzpol.ir.evil.example' })).toBe('refuse')
    expect(judge({ host: 'arzpol.ir', origin: 'https://sub.arzpol.ir' })).toBe('refuse')
    expect(judge({ host: 'arzpol.ir', origin: 'https://arzpol.ir:8443' })).toBe('refuse')
  })

  it('reads X-Forwarded-Host/Proto only behind a trusted proxy', () => {
    const forwarded = {
      origin: 'https://shop.example',
      'x-forwarded-host': 'shop.example',
      'x-forwarded-proto': 'https',
    }
    expect(judge(forwarded)).toBe('refuse')
    expect(judge(forwarded, {}, { ...options, trustForwardedHost: true })).toBe('pass')
    expect(
      judge(
        { ...forwarded, origin: 'http://web.internal:3000' },
        {},
        { ...options, trustForwardedHost: true },
      ),
    ).toBe('refuse')
  })

  it('without Origin: Sec-Fetch-Site, then Referer, else refused', () => {
    expect(judge({ 'sec-fetch-site': 'same-origin' })).toBe('pass')
    expect(judge({ 'sec-fetch-site': 'same-site' })).toBe('refuse')
    expect(judge({ 'sec-fetch-site': 'none' })).toBe('refuse')
    expect(judge({ referer: 'http://web.internal:3000/dashboard' })).toBe('pass')
    expect(judge({ host: 'arzpol.ir', referer: 'https://arzpol.ir/dashboard' })).toBe('pass')
    expect(judge({ referer: 'https://evil.example/arzpol.ir' })).toBe('refuse')
    expect(judge({ referer: 'not a url' })).toBe('refuse')
    expect(judge({})).toBe('refuse')
    // Origin decides when present, whatever the other two say.
    expect(judge({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' })).toBe(
      'refuse',
    )
  })

  it('checks every method but GET and HEAD, and exempts only /api/* and the cms webhook', () => {
    for (const method of ['GET', 'HEAD', 'get']) expect(judge({}, { method })).toBe('pass')
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(judge({}, { method })).toBe('refuse')
    }
    expect(judge({}, { url: '/api/payments/callback/?x=1' })).toBe('pass')
    expect(judge({}, { url: '/api' })).toBe('pass')
    expect(judge({}, { url: '/resources/cms-webhook' })).toBe('pass')
    expect(judge({}, { url: '/apiary' })).toBe('refuse')
    expect(judge({}, { url: '/resources/cms-webhook-2' })).toBe('refuse')
    expect(judge({}, { url: '/staff/rates?x=/api/' })).toBe('refuse')
  })
})
