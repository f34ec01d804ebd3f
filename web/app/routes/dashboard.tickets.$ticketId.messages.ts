import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { answerUpload } from '~/features/tickets/script-upload.server.ts'
import { readTicketForm, sendMessage, ticketIdFrom } from '~/features/tickets/tickets.server.ts'

/**
 * POST /dashboard/tickets/:ticketId/messages: the thread's send form when JavaScript uploads it
 * with XMLHttpRequest (for the progress bar). Same checks as the page's action, answered as JSON
 * (`answerUpload`): `{ok: true}`, `{ok: false, errors}`, or `{ok: false, redirect}` when the
 * session ended.
 */

export function loader({ params }: LoaderFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  return redirect(id === null ? '/dashboard/tickets' : `/dashboard/tickets/${id}`)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  if (id === null) return Response.json({ ok: false }, { status: 404 })
  return answerUpload(request, async (access) =>
    sendMessage(request, access, id, await readTicketForm(request)),
  )
}
