import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/features/auth/auth.server.ts'
import { liveOrderResponse } from '~/features/orders/live-order.server.ts'
import { getOrder } from '~/features/orders/orders.server.ts'

/**
 * GET /dashboard/orders/:orderId/live: the order's changes as Server-Sent Events (ADR 043), read
 * with the customer's own token, so only their own order ever streams.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.orderId)
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Not found', { status: 404 })
  const { tokens, headers } = await requireUser(request)
  return liveOrderResponse(
    request,
    id,
    async () => {
      const order = await getOrder(request, tokens.access, id)
      return order.ok ? order.data : null
    },
    headers,
  )
}
