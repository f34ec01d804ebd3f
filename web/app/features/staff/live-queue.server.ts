import { listenToChanges } from '~/features/changes/change-feed.server.ts'
import { lastEventId } from '~/features/live/live-stream.server.ts'
import { watchedStreamResponse } from '~/features/live/live-watch.server.ts'

export const LIVE_QUEUES = ['order', 'ticket'] as const
export type LiveQueue = (typeof LIVE_QUEUES)[number]

/** When this process last heard each kind of change (Date.now()); a resync counts for both. */
const heard: Record<LiveQueue, number> = { order: 0, ticket: 0 }

function followHeard() {
  listenToChanges('staff-queues', (event) => {
    const now = Date.now()
    if (event.type === 'resync') for (const queue of LIVE_QUEUES) heard[queue] = now
    else if (event.type === 'order' || event.type === 'ticket') heard[event.type] = now
  })
}

/**
 * A staff queue, live (ADR 043): a `changed` event whenever any order (or ticket) changes, the
 * time it was heard as the event's id; the page then loads its list again, with its filters.
 * The page says when it loaded (`?since=`), a reconnecting browser the last event it got: a
 * change heard by this process after that is told at once.
 */
export function liveQueueResponse(request: Request, queue: LiveQueue, headers?: Headers): Response {
  followHeard()
  let told = Number(lastEventId(request, new URL(request.url).searchParams.get('since'))) || 0
  return watchedStreamResponse(
    request,
    (event) => event.type === queue,
    async (stream) => {
      if (heard[queue] <= told) return
      told = heard[queue]
      stream.send('changed', { queue }, String(told))
    },
    headers,
  )
}
