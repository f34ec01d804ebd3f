import type { LoaderFunctionArgs } from '@remix-run/node'
import { DOWNLOAD_MESSAGES, plainText, streamDownload } from '~/utils/file-download.server.ts'
import { fetchOrderDocument, getOrder } from '~/features/orders/staff-orders.server.ts'
import { idParam, isOutage, requireStaff } from '~/features/staff/staff.server.ts'

/**
 * GET /staff/orders/:orderId/documents/:documentId: an order's document, fetched from
 * payments-service with the staff member's token (the browser has none) and streamed on, always
 * as a download that the browser will not run.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = idParam(params.orderId)
  const documentId = idParam(params.documentId)
  const { tokens, headers } = await requireStaff(request)
  const order = await getOrder(request, tokens.access, orderId)
  if (!order.ok) {
    return isOutage(order.status)
      ? plainText(503, DOWNLOAD_MESSAGES.unavailable)
      : plainText(404, DOWNLOAD_MESSAGES.notFound)
  }
  const document = order.data.documents.find((d) => d.id === documentId)
  if (!document || !document.download_url.startsWith('/api/')) {
    return plainText(404, DOWNLOAD_MESSAGES.notFound)
  }
  const upstream = await fetchOrderDocument(request, tokens.access, document.download_url)
  return streamDownload(upstream, headers, { filename: document.name })
}
