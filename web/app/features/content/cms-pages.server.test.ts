import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import type { FakeCms } from '../../../tests/fake-cms.ts'
import { paragraphs, startFakeCms } from '../../../tests/fake-cms.ts'
import { blogCache } from './cms-blog.server.ts'
import {
  getAboutPage,
  getCurrentTerms,
  getLandingPage,
  getServicePage,
  getTierPage,
  safeHref,
} from './cms-pages.server.ts'
import { resetEnvCache } from '~/utils/env.server.ts'
import { LANDING_FALLBACK } from './landing-fallback.ts'
import { DEFAULT_SERVICE_STATS } from '~/features/site/public-pages.ts'

let cms: FakeCms

beforeAll(async () => {
  cms = await startFakeCms()
})
afterAll(() => cms.close())

const hero = (title: string) => ({ title, subtitle: null, buttonLabel: null, buttonLink: null })

beforeEach(() => {
  process.env.CMS_URL = cms.url
  process.env.CMS_TIMEOUT_MS = '300'
  resetEnvCache()
  blogCache.clear()
  cms.reset()
  cms.singles = {}
  cms.entries = {}
})

describe('safeHref', () => {
  it('keeps site paths and http(s) URLs and drops everything else', () => {
    expect(safeHref('/dashboard?start=base')).toBe('/dashboard?start=base')
    expect(safeHref(' https://t.me/arzpol ')).toBe('https://t.me/arzpol')
    expect(safeHref('javascript:alert(1)')).toBeNull()
    expect(safeHref('//evil.example')).toBeNull()
    expect(safeHref('/\\evil.example')).toBeNull()
    expect(safeHref('data:text/html,x')).toBeNull()
    expect(safeHref('')).toBeNull()
    expect(safeHref(null)).toBeNull()
  })
})

describe('tier pages', () => {
  it('reads a page by slug, once per TTL, with unsafe links dropped', async () => {
    cms.entries['/api/tier-pages'] = [
      {
        slug: 'base',
        title: 'خدمات پایه',
        hero: { ...hero('عنوان'), buttonLabel: 'شروع', buttonLink: '/dashboard?start=base' },
        cards: [
          { title: 'یک', link: '/fx-topup' },
          { title: 'دو', link: 'javascript:alert(1)' },
        ],
        steps: null,
        documents: [{ text: 'پاسپورت' }],
        comparison: [],
        faq: { heading: 'پرسش‌ها', items: [{ question: 'چرا؟', answer: 'چون' }], whyItems: [] },
        closing: null,
        seo: { metaTitle: 'عنوان سئو', metaDescription: null },
      },
      { slug: 'intermediate', title: 'میانی', hero: hero('میانی') },
    ]
    const first = await getTierPage('base')
    expect(first.status).toBe('ok')
    if (first.status !== 'ok') return
    expect(first.page.hero.buttonLink).toBe('/dashboard?start=base')
    expect(first.page.cards.map((card) => card.link)).toEqual(['/fx-topup', null])
    expect(first.page.steps).toEqual([])
    expect(first.page.documents).toEqual(['پاسپورت'])
    expect(first.page.faq?.items).toHaveLength(1)
    expect(first.page.seo).toEqual({ title: 'عنوان سئو', description: null })
    expect(cms.requests.at(-1)?.query.get('filters[slug][$eq]')).toBe('base')

    await getTierPage('base')
    expect(cms.requests).toHaveLength(1)
  })

  it('says missing when the cms has no such page', async () => {
    cms.entries['/api/tier-pages'] = []
    expect(await getTierPage('specialized')).toEqual({ status: 'missing' })
  })

  it('says unavailable when the cms is down and there is no copy', async () => {
    cms.failWith = 500
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    expect(await getTierPage('base')).toEqual({ status: 'unavailable' })
    expect(error).toHaveBeenCalledOnce()
  })

  it('keeps serving the last good copy when the cms goes down', async () => {
    cms.entries['/api/tier-pages'] = [{ slug: 'base', title: 'خدمات پایه', hero: hero('عنوان') }]
    expect((await getTierPage('base')).status).toBe('ok')
    blogCache.invalidateAll()
    cms.failWith = 503
    vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
    const again = await getTierPage('base')
    expect(again.status).toBe('ok')
  })

  it('treats content of the wrong shape as unavailable, not as a crash', async () => {
    cms.entries['/api/tier-pages'] = [{ slug: 'base', title: 42 }]
    vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    expect(await getTierPage('base')).toEqual({ status: 'unavailable' })
  })
})

describe('service pages', () => {
  it("use the spec's default stats when the cms gives none", async () => {
    cms.entries['/api/service-pages'] = [
      { slug: 'fx-topup', title: 'شارژ', paymentType: 'topup', hero: hero('شارژ'), stats: [] },
    ]
    const result = await getServicePage('fx-topup')
    expect(result.status === 'ok' && result.page.stats).toEqual(DEFAULT_SERVICE_STATS)
    expect(DEFAULT_SERVICE_STATS.map((s) => s.value)).toEqual(['۹۵٪', '+۲۰۰۰', '+۳۰۰۰', '۲۴/۷'])
  })
})

describe('landing page', () => {
  it('comes from the cms when it answers', async () => {
    cms.singles['/api/landing-page'] = {
      hero: hero('عنوان از cms'),
      tiers: [],
      reasons: [{ title: 'امنیت' }],
    }
    const page = await getLandingPage()
    expect(page.hero.title).toBe('عنوان از cms')
    // Empty lists fall back to the built-in ones, so the page always shows the three tiers.
    expect(page.tiers).toEqual(LANDING_FALLBACK.tiers)
    expect(page.reasons).toEqual([{ title: 'امنیت', description: null, icon: null }])
  })

  it('is the built-in copy when the cms is down or has none, without an error', async () => {
    expect(await getLandingPage()).toEqual(LANDING_FALLBACK)
    blogCache.clear()
    await cms.stop()
    const warn = vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
    try {
      expect(await getLandingPage()).toEqual(LANDING_FALLBACK)
      expect(warn).toHaveBeenCalled()
    } finally {
      await cms.start()
    }
  })
})

describe('about page', () => {
  it('adds the contact details of the site settings when there are some', async () => {
    cms.singles['/api/about-page'] = { title: 'درباره', mission: 'م', vision: 'چ' }
    cms.singles['/api/site-setting'] = { supportEmail: 'support@arzpol.ir', brandName: 'ارزپل' }
    const result = await getAboutPage()
    expect(result.status).toBe('ok')
    if (result.status !== 'ok') return
    expect(result.page.contact?.supportEmail).toBe('support@arzpol.ir')
    expect(result.page.badges).toEqual([])
  })

  it('stands without the site settings', async () => {
    cms.singles['/api/about-page'] = { title: 'درباره', mission: 'م', vision: 'چ' }
    const result = await getAboutPage()
    expect(result.status === 'ok' && result.page.contact).toBeNull()
  })
})

describe('terms', () => {
  it('renders the newest version: Persian date, safe anchors, sanitised sections', async () => {
    cms.entries['/api/terms-versions'] = [
      {
        version: 'v1.0',
        updatedJalali: '1404/05/28',
        title: 'قوانین',
        sections: [
          { anchor: 'intro', title: 'مقدمه', body: paragraphs('متن <script>x</script>') },
          { anchor: '"><img src=x>', title: 'بد', body: paragraphs('دوم') },
        ],
      },
    ]
    const result = await getCurrentTerms()
    expect(result.status).toBe('ok')
    if (result.status !== 'ok') return
    expect(result.page.updatedLabel).toBe('۱۴۰۴/۰۵/۲۸')
    expect(result.page.sections.map((s) => s.anchor)).toEqual(['intro', 'section-2'])
    expect(result.page.sections[0]?.html).toContain('&lt;script&gt;')
    expect(result.page.sections[0]?.html).not.toContain('<script>')
    expect(cms.requests.at(-1)?.query.get('sort[0]')).toBe('publishedAt:desc')
  })

  it('is missing when no version is published', async () => {
    cms.entries['/api/terms-versions'] = []
    expect(await getCurrentTerms()).toEqual({ status: 'missing' })
  })
})
