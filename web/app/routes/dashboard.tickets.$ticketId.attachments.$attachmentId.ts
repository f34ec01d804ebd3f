import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/features/auth/auth.server.ts'
import { DOWNLOAD_MESSAGES, plainText, streamDownload } from '~/utils/file-download.server.ts'
import { fetchAttachment, ticketIdFrom } from '~/features/tickets/tickets.server.ts'

/**
 * GET /dashboard/tickets/:ticketId/attachments/:attachmentId: a ticket file, fetched from
 * payments-service with the customer's token (the browser has none) and streamed on. Always a
 * download with the type payments-service detected, never something the browser would run.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ticketId = ticketIdFrom(params.ticketId)
  const attachmentId = ticketIdFrom(params.attachmentId)
  if (ticketId === null || attachmentId === null) return plainText(404, DOWNLOAD_MESSAGES.notFound)
  const { tokens, headers } = await requireUser(request)
  return streamDownload(await fetchAttachment(request, tokens.access, attachmentId), headers)
}
