import { MessageList } from '@arzpol/contracts/tickets/customer'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { callIfChanged } from '~/features/api/payments-client.server.ts'
import { requireUser } from '~/features/auth/auth.server.ts'
import { getTicket, ticketIdFrom } from '~/features/tickets/tickets.server.ts'

/**
 * GET /dashboard/tickets/:ticketId/thread: the thread page's 7-second poll where no live stream
 * can open (ADR 043), as JSON `{status, messages}`, conditional: the browser sends the version it
 * holds (`If-None-Match`) and, while nothing changed, gets a 304 for which payments-service read
 * no message.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  if (id === null) throw new Response('تیکت یافت نشد', { status: 404 })
  const { tokens, headers } = await requireUser(request)
  const messages = await callIfChanged(request, `/api/ticketing/tickets/${id}/messages/`, {
    token: tokens.access,
    schema: MessageList,
    version: request.headers.get('If-None-Match'),
  })
  if (!messages.ok) return new Response(null, { status: messages.status, headers })
  headers.set('Cache-Control', 'private, no-cache')
  if (messages.version) headers.set('ETag', messages.version)
  if (messages.unchanged) return new Response(null, { status: 304, headers })
  const ticket = await getTicket(request, tokens.access, id)
  if (!ticket.ok) return new Response(null, { status: ticket.status, headers })
  return Response.json({ status: ticket.data.status, messages: messages.data }, { headers })
}
