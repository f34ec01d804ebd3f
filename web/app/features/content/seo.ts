import type { MetaDescriptor } from '@remix-run/node'

/** Per-page title, description, canonical URL and Open Graph tags (made by seo.server.ts). */

export const SITE_NAME = 'ارزپل'

export interface PageSeo {
  title: string
  description: string
  /** Absolute, on WEB_PUBLIC_URL. */
  canonical: string
  noindex?: boolean
}

/** `قوانین | ارزپل`, unless the title already names the site. */
export function pageTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`
}

export function seoMeta(seo: PageSeo | null | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: SITE_NAME }]
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'fa_IR' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { name: 'twitter:card', content: 'summary' },
    ...(seo.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}

interface MatchWithData {
  id: string
  data?: unknown
}

/**
 * Canonical and Open Graph tags for a route whose loader does not compute its SEO values (the
 * blog): the public origin comes from the root loader's `publicUrl`.
 */
export function socialMeta(
  matches: MatchWithData[],
  page: {
    path: string
    title: string
    description?: string | null
    /** A picture for link previews (a post's cover), with its description. */
    image?: { src: string; alt: string } | null
  },
): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data as
    { publicUrl?: string } | undefined
  if (!root?.publicUrl) return []
  const canonical = `${root.publicUrl.replace(/\/+$/, '')}${page.path}`
  return [
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'fa_IR' },
    { property: 'og:title', content: page.title },
    ...(page.description ? [{ property: 'og:description', content: page.description }] : []),
    { property: 'og:url', content: canonical },
    ...(page.image
      ? [
          { property: 'og:image', content: page.image.src },
          ...(page.image.alt ? [{ property: 'og:image:alt', content: page.image.alt }] : []),
        ]
      : []),
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ]
}
