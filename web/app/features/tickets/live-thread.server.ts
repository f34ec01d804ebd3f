import type { MessageView } from './tickets.server.ts'
import { lastEventId } from '~/features/live/live-stream.server.ts'
import { watchedStreamResponse } from '~/features/live/live-watch.server.ts'

/** What a live thread reads each time its ticket changes; null when the reader may not. */
export type ThreadRead = () => Promise<{ status: string; messages: MessageView[] } | null>

/** A message id as the browser sends it back (`?after=` or `Last-Event-ID`), or 0. */
function messageIdFrom(value: string | null): number {
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : 0
}

/**
 * A ticket's thread, live (ADR 043): each message once and in order, as it is written, its id
 * the event's id; a `status` event when the ticket's status changes. The page says what it
 * already shows (`?after=` the last message id, `?status=`); a browser that reconnects sends the
 * last id it got (`Last-Event-ID`), so a dropped connection neither loses nor repeats a message.
 * When `read` is refused (the session ended, the ticket is gone) the stream ends: the browser
 * opens it again, signing in afresh, or falls back to asking every 7 seconds.
 */
export function liveThreadResponse(
  request: Request,
  ticketId: number,
  read: ThreadRead,
  headers?: Headers,
): Response {
  const url = new URL(request.url)
  let after = messageIdFrom(lastEventId(request, url.searchParams.get('after')))
  let status = url.searchParams.get('status')
  return watchedStreamResponse(
    request,
    (event) => event.type === 'ticket' && event.id === ticketId,
    async (stream) => {
      const thread = await read()
      if (stream.ended) return
      if (!thread) return stream.end()
      for (const message of thread.messages) {
        if (message.id <= after) continue
        stream.send('message', message, String(message.id))
        after = message.id
      }
      if (thread.status !== status) {
        status = thread.status
        stream.send('status', { status })
      }
    },
    headers,
  )
}
