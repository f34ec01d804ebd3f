import type { LoaderFunctionArgs } from '@remix-run/node'
import { fetchReviewDocument } from '~/features/identity/staff-identity.server.ts'
import { idParam, requireStaff } from '~/features/staff/staff.server.ts'
import { streamDownload } from '~/utils/file-download.server.ts'

/**
 * GET /staff/identity/:reviewId/documents/:documentId: one level-2 photo, fetched from
 * payments-service with the staff member's token (payments-service decrypts it and records who
 * opened it, when) and streamed on as a download the browser will not run, or with `?view=inline`
 * as an image for the review page's viewer (photo types only, never sniffed or framed).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const reviewId = idParam(params.reviewId)
  const documentId = idParam(params.documentId)
  const { tokens, headers } = await requireStaff(request)
  const upstream = await fetchReviewDocument(request, tokens.access, reviewId, documentId)
  const inline = new URL(request.url).searchParams.get('view') === 'inline'
  return streamDownload(upstream, headers, { inline })
}
