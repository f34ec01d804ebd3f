import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/features/auth/auth.server.ts'
import { downloadAttachment } from '~/features/tickets/tickets.server.ts'

/** GET /dashboard/tickets/:ticketId/attachments/:attachmentId: the customer's ticket file. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  downloadAttachment(request, params, requireUser)
