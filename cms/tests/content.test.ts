import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Core } from '@strapi/strapi'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type * as PostSlug from '../src/blog/post-slug'
import type * as AdminLabels from '../src/bootstrap/admin-labels'
import type * as SeedModule from '../src/seed'
import type * as BlogData from '../src/seed/data/blog'
import type * as TermsData from '../src/seed/data/terms'
import { requireCompiled, startTestCms, type TestCms } from './harness'

const { seedContent } = requireCompiled<typeof SeedModule>('seed/index.js')
const { ownModels } = requireCompiled<typeof AdminLabels>('bootstrap/admin-labels.js')
const { SLUG_PATTERN, slugFromTitle } = requireCompiled<typeof PostSlug>('blog/post-slug.js')
const { POSTS } = requireCompiled<typeof BlogData>('seed/data/blog.js')
const { TERMS_V1 } = requireCompiled<typeof TermsData>('seed/data/terms.js')

let cms: TestCms | undefined
let strapi: Core.Strapi
let base: string

/** A stand-in for web's webhook endpoint, recording what the cms sends it. */
const received: { authorization?: string; body: { event: string; uid: string } }[] = []
const webServer = http.createServer((request, response) => {
  let raw = ''
  request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
  request.on('end', () => {
    received.push({ authorization: request.headers.authorization, body: JSON.parse(raw) })
    response.writeHead(204).end()
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => webServer.listen(0, '127.0.0.1', resolve))
  cms = await startTestCms({
    WEB_URL: `http://127.0.0.1:${(webServer.address() as AddressInfo).port}`,
    CMS_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
  })
  strapi = cms.strapi
  base = cms.base
})

afterAll(async () => {
  await cms?.stop()
  webServer.close()
})

interface ApiList<T> {
  data: T[]
  meta: { pagination: { total: number } }
}

async function get<T>(path: string, expectedStatus = 200): Promise<T> {
  const response = await fetch(`${base}${path}`)
  expect(response.status, path).toBe(expectedStatus)
  return (await response.json()) as T
}

/** The body of a post the tests write: one paragraph. */
const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'متن' }] }]

/** A post's fields as an editor saves them: title, slug, that body, dated now. */
const postData = (title: string, slug: string) => ({
  title,
  slug,
  content: body,
  date: new Date().toISOString(),
})

describe('seeded public content', () => {
  it('lists at least 8 published blog posts in at least 3 categories, with author and category', async () => {
    const posts = await get<
      ApiList<{
        slug: string
        title: string
        content: { type: string }[]
        category: { name: string; slug: string } | null
        author: { name: string } | null
      }>
    >('/api/posts?sort=date:desc&pagination[pageSize]=100')
    expect(posts.data.length).toBeGreaterThanOrEqual(8)
    expect(new Set(posts.data.map((post) => post.category?.slug)).size).toBeGreaterThanOrEqual(3)
    for (const post of posts.data) {
      expect(post.author?.name).toBeTruthy()
      expect(post.content.length).toBeGreaterThan(0)
    }
    const categories = await get<ApiList<{ slug: string }>>('/api/categories')
    expect(categories.data.length).toBeGreaterThanOrEqual(3)
  })

  it('finds a post by slug', async () => {
    const found = await get<ApiList<{ title: string }>>(
      '/api/posts?filters[slug][$eq]=toefl-registration-guide',
    )
    expect(found.data).toHaveLength(1)
    expect(found.data[0]?.title).toContain('تافل')
  })

  it('serves every service page with the default stats and a populated FAQ', async () => {
    const pages = await get<
      ApiList<{
        slug: string
        hero: { title: string }
        faq: { items: unknown[]; whyItems: { badgeColor: string }[] }
        stats: { value: string; label: string }[]
      }>
    >('/api/service-pages?pagination[pageSize]=50')
    expect(pages.data.map((page) => page.slug).sort()).toEqual([
      'cloud-vps',
      'domain-hosting',
      'fx-cashout',
      'fx-topup',
      'intl-ads',
      'intlexampayment',
      'subscriptions-payment',
      'visa-fees',
    ])
    for (const page of pages.data) {
      expect(page.hero.title).toBeTruthy()
      expect(page.faq.items.length).toBeGreaterThanOrEqual(3)
      expect(page.faq.whyItems.length).toBeGreaterThan(0)
      expect(page.stats.map((stat) => stat.value)).toEqual(['۹۵٪', '+۲۰۰۰', '+۳۰۰۰', '۲۴/۷'])
    }
  })

  it('serves the three tier pages, the landing, about and site settings', async () => {
    const tiers = await get<ApiList<{ slug: string; cards: unknown[] }>>('/api/tier-pages')
    expect(tiers.data.map((tier) => tier.slug).sort()).toEqual([
      'base',
      'intermediate',
      'specialized',
    ])
    const landing = await get<{ data: { tiers: unknown[]; reasons: unknown[] } }>(
      '/api/landing-page',
    )
    expect(landing.data.tiers).toHaveLength(3)
    expect(landing.data.reasons).toHaveLength(3)
    const about = await get<{ data: { stats: { value: string }[]; values: unknown[] } }>(
      '/api/about-page',
    )
    expect(about.data.stats).toHaveLength(4)
    expect(about.data.values).toHaveLength(3)
    const settings = await get<{ data: { brandName: string; footerLinks: unknown[] } }>(
      '/api/site-setting',
    )
    expect(settings.data.brandName).toBe('ارزپل')
    expect(settings.data.footerLinks.length).toBeGreaterThan(0)
  })

  it('serves terms v1.0 with the 13 sections in order', async () => {
    const terms = await get<
      ApiList<{ version: string; updatedJalali: string; sections: { anchor: string }[] }>
    >('/api/terms-versions?sort=publishedAt:desc')
    expect(terms.data[0]).toMatchObject({ version: 'v1.0', updatedJalali: '1404/05/28' })
    // The spec's list of anchors is pinned once, by the public site's test (tests/support).
    const anchors = terms.data[0]?.sections.map((section) => section.anchor)
    expect(anchors).toHaveLength(13)
    expect(anchors).toEqual(TERMS_V1.sections.map((section) => section.anchor))
  })
})

describe('public comments', () => {
  type PublicComment = {
    documentId: string
    content: string
    moderationStatus: string
    authorUsername: string
    authorPhone: string
    authorId?: string
    post: { slug: string } | null
  }

  it('lists approved comments only, with the author snapshot but no private fields', async () => {
    const comments = await get<ApiList<PublicComment>>('/api/comments?pagination[pageSize]=100')
    const approvedInSeed = POSTS.flatMap((post) => post.comments).filter(
      (comment) => comment.status === 'approved',
    )
    expect(comments.data).toHaveLength(approvedInSeed.length)
    for (const comment of comments.data) {
      expect(comment.moderationStatus).toBe('approved')
      expect(comment.authorPhone).toMatch(/^09\d\d\*\*\*\d{4}$/)
      expect(comment).not.toHaveProperty('authorId')
      expect(comment).not.toHaveProperty('spamReason')
    }
  })

  it("filters by post, and a visitor's filter cannot reveal other statuses", async () => {
    const slug = 'freelance-income-cashout'
    const forPost = await get<ApiList<PublicComment>>(
      `/api/comments?filters[post][slug][$eq]=${slug}`,
    )
    expect(forPost.data).toHaveLength(2)
    expect(forPost.data.every((comment) => comment.post?.slug === slug)).toBe(true)
    // A filter web does not send is refused at the boundary (ADR 036).
    const spam = await get<{ data: null; error: { status: number } }>(
      '/api/comments?filters[moderationStatus][$eq]=spam',
      400,
    )
    expect(spam.data).toBeNull()
  })

  it('answers 404 for a comment that is not approved', async () => {
    const pending = await strapi
      .documents('api::comment.comment')
      .findFirst({ filters: { moderationStatus: 'pending' } })
    expect(pending).toBeTruthy()
    await get(`/api/comments/${pending?.documentId}`, 404)
  })

  it('has no public write routes', async () => {
    const response = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'x' } }),
    })
    expect(response.status).toBe(403)
  })
})

describe('seed', () => {
  it('does nothing on the next start', async () => {
    expect(await seedContent(strapi)).toBe('already-seeded')
  })

  it('never duplicates content, even when the flag is lost', async () => {
    const count = () => strapi.documents('api::post.post').count({})
    const before = await count()
    await strapi.store({ type: 'core', name: 'arzpol' }).delete({ key: 'seed' })
    expect(await seedContent(strapi)).toBe('seeded')
    expect(await count()).toBe(before)
    expect(await strapi.db.query('api::service-page.service-page').count()).toBe(16) // draft + published
  })

  it('keeps drafts out of the public API', async () => {
    await strapi.documents('api::post.post').create({ data: postData('پیش‌نویس', 'draft-only') })
    const found = await get<ApiList<unknown>>('/api/posts?filters[slug][$eq]=draft-only')
    expect(found.data).toHaveLength(0)
  })
})

describe('content-changed webhook', () => {
  it('was not sent for the seed, and is sent with the shared secret when content is published', async () => {
    expect(received).toEqual([])
    const post = await strapi
      .documents('api::post.post')
      .findFirst({ filters: { slug: 'toefl-registration-guide' } })
    await strapi.documents('api::post.post').publish({ documentId: post!.documentId })
    await expect
      .poll(() => received.find((call) => call.body.event === 'entry.publish'), { timeout: 5000 })
      .toMatchObject({
        authorization: 'Bearer test-webhook-secret-0123456789',
        body: { event: 'entry.publish', uid: 'api::post.post' },
      })
  })
})

describe('blog posts in Persian', () => {
  const upload = (alternativeText: string | null) =>
    strapi.db.query('plugin::upload.file').create({
      data: {
        name: 'IMG_2041.jpg',
        alternativeText,
        hash: `cover_${Math.random().toString(36).slice(2)}`,
        ext: '.jpg',
        mime: 'image/jpeg',
        size: 12.5,
        width: 1200,
        height: 675,
        url: '/uploads/IMG_2041.jpg',
        provider: 'local',
      },
    })

  it('the post schema allows exactly what a slug from a title is made of', () => {
    const slug = strapi.contentType('api::post.post').attributes.slug as { regex?: string }
    expect(slug.regex).toBe(SLUG_PATTERN.source)
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (title) => {
        const made = slugFromTitle(title)
        expect(made).toMatch(SLUG_PATTERN)
        expect(made.length).toBeLessThanOrEqual(80)
        expect(slugFromTitle(made)).toBe(made)
      }),
    )
  })

  it('the admin’s slug button makes a Persian title a Persian slug, unique among posts', async () => {
    const uid = strapi.plugin('content-manager').service('uid') as {
      generateUIDField(params: object): Promise<string>
    }
    const generate = (title: string) =>
      uid.generateUIDField({ contentTypeUID: 'api::post.post', field: 'slug', data: { title } })
    expect(await generate('راهنمای پرداخت هزینهٔ آزمون TOEFL در ۱۴۰۵')).toBe(
      'راهنمای-پرداخت-هزینه-آزمون-toefl-در-1405',
    )
    // Other content types keep Strapi's own slugs.
    expect(
      await uid.generateUIDField({
        contentTypeUID: 'api::category.category',
        field: 'slug',
        data: { name: 'Visa Fees' },
      }),
    ).toBe('visa-fees')
  })

  it('a post saved with the slug the admin gave it before the title was typed gets its title’s', async () => {
    const created = await strapi
      .documents('api::post.post')
      .create({ data: postData('خرید گیفت کارت اپل', 'post') })
    expect(created.slug).toBe('خرید-گیفت-کارت-اپل')
    // A slug the editor chose stays theirs.
    const chosen = await strapi
      .documents('api::post.post')
      .create({ data: postData('خرید گیفت کارت گوگل', 'google-gift-card') })
    expect(chosen.slug).toBe('google-gift-card')
  })

  it('a post at a Persian slug is published and found by it', async () => {
    const slug = 'نقد-کردن-درآمد-پی-پال'
    await strapi
      .documents('api::post.post')
      .create({ data: postData('نقد کردن درآمد پی‌پال', slug), status: 'published' })
    const found = await get<ApiList<{ slug: string }>>(
      `/api/posts?filters[slug][$eq]=${encodeURIComponent(slug)}`,
    )
    expect(found.data.map((post) => post.slug)).toEqual([slug])
    // A slug with a space or a slash is still refused before Strapi reads it.
    await get(`/api/posts?filters[slug][$eq]=${encodeURIComponent('نقد کردن')}`, 400)
  })

  it('goes live only with a described cover: a file name is no description', async () => {
    const posts = strapi.documents('api::post.post')
    const named = await upload('IMG_2041.jpg')
    const data = { title: 'جلد بی‌توصیف', content: body, date: new Date().toISOString() }
    await expect(
      posts.create({ data: { ...data, slug: 'no-alt', cover: named.id }, status: 'published' }),
    ).rejects.toThrow('متن جایگزین')
    // A draft may wait for its description; publishing it may not.
    const draft = await posts.create({ data: { ...data, slug: 'no-alt-draft', cover: named.id } })
    await expect(posts.publish({ documentId: draft.documentId })).rejects.toThrow('متن جایگزین')
    const described = await upload('نمودار نرخ دلار در یک هفته')
    const ready = await posts.create({ data: { ...data, slug: 'described', cover: described.id } })
    await posts.publish({ documentId: ready.documentId })
    const live = await get<ApiList<{ cover: { alternativeText: string } | null }>>(
      '/api/posts?filters[slug][$eq]=described',
    )
    expect(live.data[0]?.cover?.alternativeText).toBe('نمودار نرخ دلار در یک هفته')
  })
})

describe('the admin in Persian', () => {
  it('labels every field of every content type and component in Persian', async () => {
    const plugin = strapi.plugin('content-manager')
    type Metadatas = Record<string, { edit?: { label?: string } }>
    const english: string[] = []
    for (const { uid, attributes } of ownModels(strapi)) {
      const isType = uid.startsWith('api::')
      const service = plugin.service(isType ? 'content-types' : 'components') as {
        findConfiguration(model: unknown): Promise<{ metadatas: Metadatas }>
      }
      const model = isType ? strapi.contentTypes[uid as never] : strapi.components[uid as never]
      const { metadatas } = await service.findConfiguration(model)
      for (const field of attributes) {
        const label = metadatas[field]?.edit?.label
        // Fields the admin never shows as a form field have no metadata at all.
        if (label !== undefined && !/[\u0600-\u06ff]/.test(label))
          english.push(`${uid}.${field}: ${label}`)
      }
    }
    expect(english).toEqual([])
  })
})
