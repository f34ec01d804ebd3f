import { lastEventId } from '~/features/live/live-stream.server.ts'
import { watchedStreamResponse } from '~/features/live/live-watch.server.ts'
import type { OrderDetail } from './order-schemas.ts'
import { orderVersion } from './order-version.ts'

/**
 * One order, live (ADR 043): an `order` event (its stage, the token as the event's id) whenever
 * what the customer sees of it changes: paid, in progress, done, money on its way back. The page
 * says which version it shows (`?version=`), a reconnecting browser the last it got
 * (`Last-Event-ID`): a change made while no stream was open is told at once. `read` answers null
 * when the reader may no longer see the order: the stream ends.
 */
export function liveOrderResponse(
  request: Request,
  orderId: number,
  read: () => Promise<OrderDetail | null>,
  headers?: Headers,
): Response {
  let shown = lastEventId(request, new URL(request.url).searchParams.get('version'))
  return watchedStreamResponse(
    request,
    (event) => event.type === 'order' && event.id === orderId,
    async (stream) => {
      const order = await read()
      if (stream.ended) return
      if (!order) return stream.end()
      const version = orderVersion(order)
      if (version === shown) return
      shown = version
      stream.send('order', { stage: order.stage }, version)
    },
    headers,
  )
}
