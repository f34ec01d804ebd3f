import { getServicePage } from '~/features/content/cms-pages.server.ts'
import { pageResponse } from './public-page.server.ts'
import { isServiceSlug, SERVICE_PAGES, type ServiceSlug } from './public-routes.ts'

/**
 * The service landing page a path names, or null. Remix matches paths
 * case-insensitively, so `/intlExamPayment` (the spelling the basic services page links to)
 * reaches the route registered for `/intlexampayment`; the slug is the lower-case path.
 */
export function serviceSlugOf(pathname: string): ServiceSlug | null {
  const slug = pathname.replace(/^\/+|\/+$/g, '').toLowerCase()
  return isServiceSlug(slug) ? slug : null
}

/** The one loader of the eight service landing pages: the same for all of them but the slug. */
export async function loadServicePage(request: Request) {
  const slug = serviceSlugOf(new URL(request.url).pathname)
  // Only the eight paths registered in vite.config.ts reach this loader.
  if (!slug) throw new Response(null, { status: 404 })
  return pageResponse(await getServicePage(slug), {
    path: `/${slug}`,
    ...SERVICE_PAGES[slug],
    seo: (page) => page.seo,
  })
}
