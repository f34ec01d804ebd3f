import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { Ticket, type TicketWithCategory } from '../../models/ticket.model.ts'
import type { User } from '../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/tickets/customer'

/** Who is acting: the ticket's owner (customer API) or support (staff API). */
export type Actor = { user: User; as: 'owner' | 'staff' }

export const notFound = (detail: string = MESSAGES.ticketNotFound) =>
  new ApiError(404, detail, 'not_found')
export const ticketClosed = () => new ApiError(409, MESSAGES.ticketClosed, 'ticket_closed')

/** The ticket if the actor may see it; others' tickets are "not found", never "forbidden". */
export async function visibleTicket(
  trx: Knex | Knex.Transaction,
  actor: Actor,
  ticketId: number,
  lock = false,
): Promise<TicketWithCategory> {
  const ownerId = actor.as === 'owner' ? actor.user.id : undefined
  const row = await Ticket.withCategory(trx, ticketId, { ownerId, lock })
  if (!row) throw notFound()
  return row
}
