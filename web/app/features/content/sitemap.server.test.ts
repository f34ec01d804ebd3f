import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { startFakeCms } from '../../../tests/fake-cms.ts'
import { standInForFile } from '../../../tests/stand-in-for-file.ts'
import { blogCache } from './cms-blog.server.ts'
import { PUBLIC_PATHS } from '~/features/site/public-routes.ts'
import { buildSitemap, robotsTxt, sitemapXml } from './sitemap.server.ts'

const cms = await standInForFile(startFakeCms(), 'CMS_URL', (cms) => {
  process.env.WEB_PUBLIC_URL = 'https://arzpol.ir'
  blogCache.clear()
  cms.failWith = null
  cms.posts = [
    { id: 1, documentId: 'doc-one', title: 'یک', date: '2026-10-01T08:00:00.000Z' },
    { id: 2, documentId: 'doc&two', title: 'دو', date: null },
  ]
})

describe('sitemap.xml', () => {
  it('lists every public page and every post on the public origin', async () => {
    const xml = await buildSitemap()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    for (const path of PUBLIC_PATHS) expect(xml).toContain(`<loc>https://arzpol.ir${path}</loc>`)
    expect(xml).toContain(
      '<url><loc>https://arzpol.ir/blog/doc-one</loc><lastmod>2026-10-01</lastmod></url>',
    )
    // Ids are URL-encoded, then XML-escaped.
    expect(xml).toContain('<url><loc>https://arzpol.ir/blog/doc%26two</loc></url>')
    expect(PUBLIC_PATHS).toContain('/intlexampayment')
    expect(PUBLIC_PATHS).not.toContain('/intlExamPayment')
    expect(PUBLIC_PATHS).toHaveLength(16)
  })

  it('still lists the pages when the cms is down', async () => {
    cms.failWith = 503
    vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
    const xml = await buildSitemap()
    expect(xml).toContain('<loc>https://arzpol.ir/terms</loc>')
    expect(xml).not.toContain('/blog/doc')
  })

  it('escapes what XML needs escaped', () => {
    expect(sitemapXml([{ loc: 'https://a/?x=1&y=<2>' }])).toContain(
      '<loc>https://a/?x=1&amp;y=&lt;2&gt;</loc>',
    )
  })
})

describe('robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of the customer area', () => {
    const robots = robotsTxt()
    expect(robots).toContain('Sitemap: https://arzpol.ir/sitemap.xml')
    expect(robots).toContain('Disallow: /dashboard')
    expect(robots).toContain('Disallow: /api/')
  })
})
