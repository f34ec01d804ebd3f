import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/features/auth/auth.server.ts'
import { DOWNLOAD_MESSAGES, plainText, streamDownload } from '~/utils/file-download.server.ts'
import { fetchDocument } from '~/features/orders/documents.server.ts'

/**
 * GET /dashboard/orders/:orderId/documents/:documentId: one of an order's documents, fetched
 * from payments-service with the customer's token (the browser has none) and streamed on.
 * Always a download with the type payments-service detected, never something a browser runs.
 */

const ID = /^\d{1,15}$/

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!ID.test(params.orderId ?? '') || !ID.test(params.documentId ?? '')) {
    return plainText(404, DOWNLOAD_MESSAGES.notFound)
  }
  const { tokens, headers } = await requireUser(request)
  const upstream = await fetchDocument(
    request,
    tokens.access,
    Number(params.orderId),
    Number(params.documentId),
  )
  return streamDownload(upstream, headers)
}
