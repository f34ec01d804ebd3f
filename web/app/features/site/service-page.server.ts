import { getServicePage } from '~/features/content/cms-pages.server.ts'
import { pageResponse } from './public-page.server.ts'
import type { ServiceSlug } from './public-routes.ts'
import { SERVICE_PAGES } from './public-routes.ts'

/** The loader of one service landing page (spec §2): the same for all of them but the slug. */
export function servicePageLoader(slug: ServiceSlug) {
  return async () =>
    pageResponse(await getServicePage(slug), {
      path: `/${slug}`,
      ...SERVICE_PAGES[slug],
      seo: (page) => page.seo,
    })
}

export type ServicePageLoader = ReturnType<typeof servicePageLoader>
