import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { seoMeta } from '~/features/content/seo.ts'
import { PageUnavailable } from '~/features/site/page-unavailable.tsx'
import { pageHeaders } from '~/features/site/public-routes.ts'
import { loadServicePage } from '~/features/site/service-page.server.ts'
import { ServicePage } from '~/features/site/service-page.tsx'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * The eight service landing pages (`/fx-topup`, `/intlexampayment`, ...): one module,
 * registered once per path in vite.config.ts (its `__` prefix keeps the file-based routes from
 * registering it a ninth time, at `/__service-page`).
 */

export const handle: HydrateHandle = { hydrate: false }

export const headers = pageHeaders

export const loader = ({ request }: LoaderFunctionArgs) => loadServicePage(request)

export default function ServiceRoute() {
  const { page, title } = useLoaderData<typeof loader>()
  return page ? <ServicePage page={page} /> : <PageUnavailable title={title} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo)
