import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { HydrateHandle } from '~/utils/hydration.ts'
import { pageHeaders } from '~/features/site/public-routes.ts'
import { seoMeta } from '~/features/content/seo.ts'
import type { ServicePageLoader } from '~/features/site/service-page.server.ts'
import { PageUnavailable } from './page-unavailable.tsx'
import { ServicePage } from './service-page.tsx'

/** What every service landing page route exports besides its loader. */

export const handle: HydrateHandle = { hydrate: false }

export const headers = pageHeaders

export function ServiceRoute() {
  const { page, title } = useLoaderData<ServicePageLoader>()
  return page ? <ServicePage page={page} /> : <PageUnavailable title={title} />
}

export const meta: MetaFunction<ServicePageLoader> = ({ data }) => seoMeta(data?.seo)
