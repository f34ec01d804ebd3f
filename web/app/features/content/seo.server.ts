import { getEnv } from '~/utils/env.server.ts'
import type { PageSeo } from './seo.ts'
import { pageTitle } from './seo.ts'

/** An absolute URL on the public origin (WEB_PUBLIC_URL), whatever host the request came to. */
export function canonicalUrl(path: string): string {
  const origin = getEnv().WEB_PUBLIC_URL.replace(/\/+$/, '')
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`
}

/** A page's SEO values: the cms's own when it has them, else the page's defaults. */
export function pageSeo(input: {
  path: string
  title: string
  description: string
  cms?: { title: string | null; description: string | null } | null
  noindex?: boolean
}): PageSeo {
  return {
    title: pageTitle(input.cms?.title ?? input.title),
    description: input.cms?.description ?? input.description,
    canonical: canonicalUrl(input.path),
    ...(input.noindex ? { noindex: true } : {}),
  }
}
