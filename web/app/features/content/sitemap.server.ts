import { getBlogPosts } from './cms-blog.server.ts'
import { PUBLIC_PATHS } from '~/features/site/public-routes.ts'
import { canonicalUrl } from './seo.server.ts'

/**
 * /sitemap.xml: every public page and every published blog post (from the cached post list; when
 * the cms is down the sitemap still lists the pages) on WEB_PUBLIC_URL. /robots.txt points at it
 * and keeps crawlers out of the customer area and the API.
 */

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

interface SitemapEntry {
  loc: string
  lastmod?: string | null
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const modified = lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ''
    return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export async function buildSitemap(): Promise<string> {
  const posts = (await getBlogPosts()) ?? []
  return sitemapXml([
    ...PUBLIC_PATHS.map((path) => ({ loc: canonicalUrl(path) })),
    ...posts.map((post) => ({
      loc: canonicalUrl(post.path),
      lastmod: post.date,
    })),
  ])
}

export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    'Disallow: /resources/',
    'Disallow: /logout',
    'Disallow: /preview/',
    '',
    `Sitemap: ${canonicalUrl('/sitemap.xml')}`,
    '',
  ].join('\n')
}
