import type { ActionFunctionArgs } from '@remix-run/node'
import { handleCmsWebhook } from '~/features/content/cms-blog.server.ts'

/**
 * `POST /resources/cms-webhook`: the cms says content changed (Strapi webhook, bearer secret), so
 * this web instance drops its cached copies and passes the change on to payments-service, whose
 * change stream tells every other instance (ADR 033). Server to server: no Origin check, no
 * cookies.
 */

export function loader() {
  return new Response('Method Not Allowed', {
    status: 405,
    headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return loader()
  return handleCmsWebhook(request)
}
