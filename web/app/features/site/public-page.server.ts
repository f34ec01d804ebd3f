import { data } from '@remix-run/node'
import type { PageResult } from '~/features/content/cms-pages.server.ts'
import { pageSeo } from '~/features/content/seo.server.ts'

/**
 * A public page's loader answer: its content and SEO values, or (when the cms has no such page or
 * cannot be reached) the page's name for the Persian "not available" view, with 404 or 503.
 */
export function pageResponse<T>(
  result: PageResult<T>,
  meta: {
    path: string
    title: string
    description: string
    seo?: (page: T) => { title: string | null; description: string | null }
  },
) {
  if (result.status === 'ok') {
    return data({
      page: result.page as T | null,
      title: meta.title,
      seo: pageSeo({ ...meta, cms: meta.seo?.(result.page) ?? null }),
    })
  }
  return data(
    {
      page: null as T | null,
      title: meta.title,
      seo: pageSeo({ ...meta, noindex: true }),
    },
    {
      status: result.status === 'missing' ? 404 : 503,
      headers: result.status === 'unavailable' ? { 'Retry-After': '60' } : {},
    },
  )
}
