import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageUnavailable } from '~/features/site/page-unavailable.tsx'
import { TierPage } from '~/features/site/tier-page.tsx'
import { getTierPage } from '~/features/content/cms-pages.server.ts'
import type { HydrateHandle } from '~/utils/hydration.ts'
import { pageResponse } from '~/features/site/public-page.server.ts'
import { TIER_PAGES, isTierSlug, pageHeaders } from '~/features/site/public-routes.ts'
import { seoMeta } from '~/features/content/seo.ts'

/** /services/base, /services/intermediate, /services/specialized (docs/product/site.md). */

export const handle: HydrateHandle = { hydrate: false }

export const headers = pageHeaders

export async function loader({ params }: LoaderFunctionArgs) {
  // Any other /services/… is an unknown path, which goes to /dashboard.
  if (!isTierSlug(params.tier)) throw redirect('/dashboard')
  const tier = params.tier
  return pageResponse(await getTierPage(tier), {
    path: `/services/${tier}`,
    ...TIER_PAGES[tier],
    seo: (page) => page.seo,
  })
}

export default function ServiceTier() {
  const { page, title } = useLoaderData<typeof loader>()
  return page ? <TierPage page={page} /> : <PageUnavailable title={title} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo)
