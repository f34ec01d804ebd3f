import type { AppContext } from '../../http/context.ts'
import { reply, unchanged } from '../../http/route.ts'
import type { Actor } from './access.ts'
import type { TicketService } from './tickets.service.ts'

/**
 * A thread as both APIs answer it: with its version as `ETag`, and 304 without a body when the
 * caller's `If-None-Match` already names it (the 7-second poll of a page without a live stream).
 */
export async function answerThread(
  ctx: AppContext,
  tickets: TicketService,
  actor: Actor,
  ticketId: number,
) {
  const { version, messages } = await tickets.messagesIfChanged(actor, ticketId, (current) =>
    unchanged(ctx, current),
  )
  ctx.set('ETag', version)
  // Kept by the caller and asked again each time: a poll that finds nothing new gets a 304.
  ctx.set('Cache-Control', 'private, no-cache')
  return messages === null ? reply(304, undefined) : reply(200, messages)
}
