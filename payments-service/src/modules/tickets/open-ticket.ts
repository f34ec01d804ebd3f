import { ApiError, ValidationError } from '../../http/errors.ts'
import { Order } from '../../models/order.model.ts'
import { Ticket, TicketCategory, TicketMessage } from '../../models/ticket.model.ts'
import type { User } from '../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/tickets/customer'
import { visibleTicket } from './access.ts'
import type { TicketDeps } from './deps.ts'
import { ticketView, type TicketView } from './views.ts'

export const MAX_OPEN_TICKETS_PER_CUSTOMER = 20

export interface NewTicket {
  title: string
  subject?: string | undefined
  order_id?: number | undefined
  category: number
  message?: string | undefined
}

/** A customer opens a ticket, about one of their orders if they name it, with its first message. */
export async function openTicket(
  { db, clock }: TicketDeps,
  user: User,
  input: NewTicket,
): Promise<TicketView> {
  return db.transaction(async (trx) => {
    const category = await TicketCategory.find(trx, input.category)
    if (!category) throw ValidationError.field('category', MESSAGES.categoryInvalid)
    // Only the customer's own order: someone else's reads exactly like one that does not exist.
    if (input.order_id !== undefined && (await Order.ownerOf(trx, input.order_id)) !== user.id)
      throw ValidationError.field('order_id', MESSAGES.orderInvalid)
    // Serialises one customer's concurrent creations, so the open-ticket cap holds.
    await Ticket.lockCreationsOf(trx, user.id)
    if ((await Ticket.countOpenOf(trx, user.id)) >= MAX_OPEN_TICKETS_PER_CUSTOMER) {
      throw new ApiError(409, MESSAGES.tooManyOpenTickets, 'too_many_open_tickets')
    }
    const now = clock.now()
    const ticketId = await Ticket.open(trx, {
      user_id: user.id,
      title: input.title,
      subject: input.subject ?? null,
      order_id: input.order_id ?? null,
      category_id: input.category,
      status: 'open',
      last_message_at: now,
      last_message_by_staff: false,
      created_at: now,
      updated_at: now,
    })
    if (ticketId === undefined) throw new Error('ticket insert returned nothing')
    // The original client opens the ticket with {title, category} and sends the first message
    // through /messages/; our web sends it here, in the same call.
    if (input.message !== undefined)
      await TicketMessage.add(trx, {
        ticket_id: ticketId,
        author_id: user.id,
        is_staff: false,
        content: input.message,
        created_at: now,
      })
    return ticketView(await visibleTicket(trx, { user, as: 'owner' }, ticketId))
  })
}

/** Only the owner closes; closing a closed ticket changes nothing. */
export async function closeTicket(
  { db, clock }: TicketDeps,
  user: User,
  ticketId: number,
): Promise<TicketView> {
  return db.transaction(async (trx) => {
    const ticket = await visibleTicket(trx, { user, as: 'owner' }, ticketId, true)
    if (ticket.status === 'open') await Ticket.markClosed(trx, ticketId, clock.now())
    return ticketView(await visibleTicket(trx, { user, as: 'owner' }, ticketId))
  })
}
