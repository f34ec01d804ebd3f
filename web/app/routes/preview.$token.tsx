import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Alert } from '~/components/ui/alert.tsx'
import { PostArticle } from '~/features/content/post-article.tsx'
import { PREVIEW_TEXTS } from '~/features/content/preview.ts'
import { loadPreview, type PreviewedPage as Page } from '~/features/content/preview.server.ts'
import { ServicePage } from '~/features/site/service-page.tsx'
import { TierPage } from '~/features/site/tier-page.tsx'
import type { HydrateHandle } from '~/utils/hydration.ts'

/**
 * `/preview/<token>`: a service page, tier page or post as the cms admin's preview panel shows it,
 * drawn by the public pages' components from the document the signed token names (usually a
 * draft).
 * Never cached, never indexed; the only page the cms admin may frame (entry.server.tsx).
 */

export const handle: HydrateHandle = { hydrate: false }

const STATUS = { ok: 200, missing: 404, expired: 410, unavailable: 503 } as const

export async function loader({ params }: LoaderFunctionArgs) {
  const preview = await loadPreview(params.token ?? '')
  return data(preview, {
    status: STATUS[preview.status],
    headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' },
  })
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function PreviewRoute() {
  const preview = useLoaderData<typeof loader>()
  if (preview.status !== 'ok') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        <Alert tone={preview.status === 'unavailable' ? 'error' : 'warning'} title="پیش‌نمایش">
          {PREVIEW_TEXTS[preview.status]}
        </Alert>
      </div>
    )
  }
  return (
    <>
      <p
        role="status"
        className="bg-amber-100 px-4 py-2 text-center text-sm font-bold text-amber-900"
      >
        {PREVIEW_TEXTS[preview.state]}
      </p>
      <PreviewedPage page={preview.page} />
    </>
  )
}

function PreviewedPage({ page }: { page: Page }) {
  if (page.kind === 'service-page') return <ServicePage page={page.content} />
  if (page.kind === 'tier-page') return <TierPage page={page.content} />
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <PostArticle post={page.content} />
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'پیش‌نمایش | ارزپل' },
  { name: 'robots', content: 'noindex, nofollow' },
]
