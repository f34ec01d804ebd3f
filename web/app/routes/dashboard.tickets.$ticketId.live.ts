import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/features/auth/auth.server.ts'
import { liveThreadResponse } from '~/features/tickets/live-thread.server.ts'
import { getTicket, listMessages, ticketIdFrom } from '~/features/tickets/tickets.server.ts'

/**
 * GET /dashboard/tickets/:ticketId/live: the customer's thread as Server-Sent Events (ADR 043),
 * read with their own token, so only their own ticket ever streams.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  if (id === null) throw new Response('تیکت یافت نشد', { status: 404 })
  const { tokens, headers } = await requireUser(request)
  return liveThreadResponse(
    request,
    id,
    async () => {
      const [ticket, messages] = await Promise.all([
        getTicket(request, tokens.access, id),
        listMessages(request, tokens.access, id),
      ])
      return ticket.ok && messages.ok
        ? { status: ticket.data.status, messages: messages.data }
        : null
    },
    headers,
  )
}
