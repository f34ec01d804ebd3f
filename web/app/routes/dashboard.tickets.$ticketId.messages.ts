import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '~/features/auth/auth.server.ts'
import { readTicketForm, sendMessage, ticketIdFrom } from '~/features/tickets/tickets.server.ts'

/**
 * POST /dashboard/tickets/:ticketId/messages: the thread's send form when JavaScript uploads it
 * with XMLHttpRequest (for the progress bar). Same checks as the page's action, answered as JSON:
 * `{ok: true}`, `{ok: false, errors}`, or `{ok: false, redirect}` when the session ended.
 */

export function loader({ params }: LoaderFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  return redirect(id === null ? '/dashboard/tickets' : `/dashboard/tickets/${id}`)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = ticketIdFrom(params.ticketId)
  if (id === null) return Response.json({ ok: false }, { status: 404 })
  let auth: Awaited<ReturnType<typeof requireUser>>
  try {
    auth = await requireUser(request)
  } catch (thrown) {
    // No usable session: tell the page where to go instead of following the redirect.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers()
      for (const cookie of thrown.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
      return Response.json(
        { ok: false, redirect: thrown.headers.get('Location') ?? '/' },
        { status: 401, headers },
      )
    }
    throw thrown
  }
  const result = await sendMessage(request, auth.tokens.access, id, await readTicketForm(request))
  const headers = new Headers(auth.headers)
  headers.set('Cache-Control', 'no-store')
  return result.ok
    ? Response.json({ ok: true }, { status: 201, headers })
    : Response.json({ ok: false, errors: result.errors }, { status: result.status, headers })
}
