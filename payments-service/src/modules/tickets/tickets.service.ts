import { Ticket, type StaffTicketFilters } from '../../models/ticket.model.ts'
import type { User } from '../../models/user.model.ts'
import { notFound, visibleTicket, type Actor } from './access.ts'
import { openAttachment } from './attachment-files.ts'
import type { TicketDeps } from './deps.ts'
import { releaseTicket, resolveTicket, takeTicket, type SeenAssignee } from './assignment.ts'
import { addAttachment, addMessage, messagesIfChanged, type NewMessage } from './messages.ts'
import { closeTicket, openTicket, type NewTicket } from './open-ticket.ts'
import { staffTicketView, ticketView } from './views.ts'

export type TicketService = ReturnType<typeof createTicketService>

/** What the ticket routes call: each use case bound to the service's dependencies. */
export function createTicketService(deps: TicketDeps) {
  const { db } = deps
  return {
    listForCustomer: async (user: User) =>
      (await Ticket.listOfCustomer(db, user.id)).map(ticketView),
    get: async (actor: Actor, ticketId: number) =>
      ticketView(await visibleTicket(db, actor, ticketId)),
    getForStaff: async (ticketId: number) => {
      const row = await Ticket.forStaff(db, ticketId)
      if (!row) throw notFound()
      return staffTicketView(row)
    },
    take: (staff: User, ticketId: number, seen: SeenAssignee) =>
      takeTicket(deps, staff, ticketId, seen),
    release: (staff: User, ticketId: number, seen: SeenAssignee) =>
      releaseTicket(deps, staff, ticketId, seen),
    resolve: (staff: User, ticketId: number) => resolveTicket(deps, staff, ticketId),
    listForStaff: async (filters: StaffTicketFilters) => {
      const { count, rows } = await Ticket.pageForStaff(db, filters)
      return { count, results: rows.map(staffTicketView) }
    },
    create: (user: User, input: NewTicket) => openTicket(deps, user, input),
    messagesIfChanged: (actor: Actor, ticketId: number, held: (version: string) => boolean) =>
      messagesIfChanged(deps, actor, ticketId, held),
    addMessage: (message: NewMessage) => addMessage(deps, message),
    addAttachment: (user: User, input: Parameters<typeof addAttachment>[2]) =>
      addAttachment(deps, user, input),
    close: (user: User, ticketId: number) => closeTicket(deps, user, ticketId),
    openAttachment: (user: User, attachmentId: number) => openAttachment(deps, user, attachmentId),
  }
}
