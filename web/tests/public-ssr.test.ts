import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SERVICE_PAGES, SERVICE_SLUGS } from '~/features/site/public-routes.ts'
import { getLogger } from '~/utils/logger.server.ts'
import type { FakeCms } from './fake-cms.ts'
import { paragraphs, startFakeCms } from './fake-cms.ts'
import { expectToHold, startSsrApp, type SsrApp } from './ssr-app.ts'
import { getRequest } from './utils.ts'

/**
 * The public pages rendered by Remix's real request handler against a fake cms: what a browser
 * without JavaScript receives. Checks the hydration opt-out wiring in root.tsx (no scripts on
 * plain pages, scripts where they are needed), the cms-down states and the unknown-path rule.
 */

let app: SsrApp
let cms: FakeCms
/** The app's own cache and env (Vite loads its own copies of the modules). */
let appState: { clearCache: () => void; resetEnv: () => void }

beforeAll(async () => {
  cms = await startFakeCms()
  process.env.CMS_URL = cms.url
  process.env.WEB_PUBLIC_URL = 'https://arzpol.example'
  app = await startSsrApp('public-ssr-test')
  const blog = await app.load('/app/features/content/cms-blog.server.ts')
  const env = await app.load('/app/utils/env.server.ts')
  appState = {
    clearCache: () => (blog.blogCache as { clear(): void }).clear(),
    resetEnv: env.resetEnvCache as () => void,
  }
}, 60_000)

afterAll(async () => {
  await app?.close()
  await cms?.close()
})

beforeEach(() => {
  appState.resetEnv()
  appState.clearCache()
  cms.failWith = null
  cms.entries = {
    '/api/tier-pages': [
      {
        slug: 'specialized',
        title: 'خدمات تخصصی',
        hero: { title: 'خدمات تخصصی ارزپل' },
        comparisonTitle: 'مقایسه',
        comparison: [
          { service: 'ویزا', documents: 'پاسپورت', time: '۱ تا ۳ روز', complexity: 'high' },
        ],
      },
    ],
    '/api/terms-versions': [
      {
        version: 'v1.0',
        updatedJalali: '1404/05/28',
        title: 'قوانین و مقررات',
        sections: [{ anchor: 'intro', title: 'مقدمه', body: paragraphs('متن مقدمه') }],
      },
    ],
  }
})

const hasScripts = (html: string) => /<script[^>]*type="module"/.test(html)

/** The cms answers 503 from now on; the app logs that at `level`, expected here, so kept quiet. */
function cmsDown(level: 'error' | 'warn') {
  cms.failWith = 503
  vi.spyOn(getLogger(), level).mockImplementation(() => undefined)
}

describe('public pages', () => {
  it('render a tier page as plain HTML, with no JavaScript', async () => {
    const text = await app.page('/services/specialized')
    expectToHold(text, [
      '<html lang="fa" dir="rtl">',
      /<h1[^>]*>خدمات تخصصی ارزپل<\/h1>/,
      '<th scope="row"',
      'زیاد',
      '<link rel="canonical" href="https://arzpol.example/services/specialized"/>',
    ])
    expect(hasScripts(text)).toBe(false)
    expect(text).not.toContain('modulepreload')
  })

  it('keep the scripts on pages that need them (the sign-in form)', async () => {
    const { text } = await app.render('/?auth=login')
    expect(hasScripts(text)).toBe(true)
  })

  it('render the terms with a table of contents of anchor links', async () => {
    const text = await app.page('/terms')
    expectToHold(text, ['href="#intro"', 'id="intro"', '۱۴۰۴/۰۵/۲۸', 'href="/register"'])
    expect(hasScripts(text)).toBe(false)
  })

  it('render /about with its stats row and contact links, with no JavaScript', async () => {
    cms.singles['/api/about-page'] = {
      title: 'درباره ارزپل',
      stats: [{ value: '۲۴/۷', label: 'پشتیبانی' }],
      mission: 'مأموریت',
      vision: 'چشم‌انداز',
    }
    cms.singles['/api/site-setting'] = {
      supportPhone: '021-1234 5678',
      supportEmail: 'help@arzpol.example',
    }
    const text = await app.page('/about')
    expectToHold(text, [
      /<section aria-label="ارزپل در یک نگاه"[^>]*>[\s\S]*?۲۴\/۷/,
      /href="tel:02112345678"[^>]*><bdi dir="ltr">021-1234 5678<\/bdi>/,
      /href="mailto:help@arzpol.example"[^>]*><bdi dir="ltr">help@arzpol.example<\/bdi>/,
    ])
    expect(hasScripts(text)).toBe(false)
  })

  it('show a Persian notice with 503 when the cms is down, never a crash', async () => {
    cmsDown('error')
    const { status, headers, text } = await app.render('/fx-topup')
    expect(status).toBe(503)
    expect(headers.get('Retry-After')).toBe('60')
    expectToHold(text, [
      /<h1[^>]*>شارژ حساب ارزی<\/h1>/,
      'محتوای این صفحه فعلاً در دسترس نیست',
      '<meta name="robots" content="noindex"/>',
    ])
    expect(hasScripts(text)).toBe(false)
  })

  it('show the built-in landing page when the cms is down', async () => {
    cmsDown('warn')
    const text = await app.page('/')
    expect(text).toContain('ارزپل؛ پرداخت ارزی بین‌المللی با ریال')
    expect(hasScripts(text)).toBe(false)
  })

  it('serve /intlExamPayment as the exam page, canonical in lower case', async () => {
    cms.entries['/api/service-pages'] = [
      {
        slug: 'intlexampayment',
        title: 'آزمون',
        paymentType: 'exams',
        hero: { title: 'آزمون‌ها' },
      },
    ]
    const text = await app.page('/intlExamPayment')
    expect(text).toMatch(/<h1[^>]*>آزمون‌ها<\/h1>/)
    expect(text).toContain('href="https://arzpol.example/intlexampayment"')
  })

  it('serve each of the eight service pages from the one module, by its path', async () => {
    cmsDown('error')
    expect(SERVICE_SLUGS).toHaveLength(8)
    for (const slug of SERVICE_SLUGS) {
      const { status, text } = await app.render(`/${slug}`)
      expect(status, slug).toBe(503)
      expect(text).toMatch(new RegExp(`<h1[^>]*>${SERVICE_PAGES[slug].title}</h1>`))
    }
  })

  it('redirect unknown paths to /dashboard', async () => {
    for (const path of [
      '/no-such-page',
      '/a/b/c',
      '/services/premium',
      // The shared service-page module answers only at the eight paths it is registered for.
      '/__service-page',
      '/service-page',
      '/fx-topup-extra',
      '/fx-topup/more',
    ]) {
      const response = await app.handle(getRequest(path))
      expect(response.status, path).toBe(302)
      expect(response.headers.get('Location')).toBe('/dashboard')
    }
  })
})
