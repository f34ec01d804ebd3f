import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireStaff } from '~/features/staff/staff.server.ts'
import { downloadAttachment } from '~/features/tickets/tickets.server.ts'

/** GET /staff/tickets/:ticketId/attachments/:attachmentId: a ticket file, for staff. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  downloadAttachment(request, params, requireStaff)
