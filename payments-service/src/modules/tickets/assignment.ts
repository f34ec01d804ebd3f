import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { Ticket, type TicketWithCategory } from '../../models/ticket.model.ts'
import { User } from '../../models/user.model.ts'
import { refuseOwnAccount } from '../users/own-account.ts'
import { ASSIGNMENT_MESSAGES, assigneeChanged } from '@arzpol/contracts/tickets/staff'
import { ticketClosed, visibleTicket } from './access.ts'
import type { TicketDeps } from './deps.ts'

/**
 * Who works a ticket, and whether support consider it solved (docs/product/tickets.md). An
 * agent takes a ticket or lets it go; the first agent to answer an unassigned ticket takes it
 * with the answer. Every such step, and every answer, may say whom the agent saw working the
 * ticket (`seen`): when that changed meanwhile the step is refused, so two agents never answer
 * one ticket without knowing it.
 */

/** `seen` is the assignee the agent saw (null: nobody); undefined asks for no check. */
export type SeenAssignee = number | null | undefined

/** Refuses with 409 `ticket_assignee_changed` when the ticket is no longer where the agent saw it. */
export async function refuseChangedAssignee(
  trx: Knex,
  locked: Pick<TicketWithCategory, 'assigned_to'>,
  seen: SeenAssignee,
): Promise<void> {
  if (seen === undefined || seen === locked.assigned_to) return
  const now =
    locked.assigned_to === null
      ? null
      : ((await User.fieldOf(trx, locked.assigned_to, 'username')) ?? '—')
  throw new ApiError(409, assigneeChanged(now), 'ticket_assignee_changed')
}

/** What a staff step may use: the ticket, locked, and whoever is taking the step. */
interface StaffStep {
  trx: Knex.Transaction
  locked: TicketWithCategory
  staff: User
  clock: TicketDeps['clock']
}

/**
 * A staff step on one ticket, in one transaction, on the ticket locked for it: not the agent's
 * own, still open, and where they saw it (`seen`; leaving it out asks for no check).
 */
function staffStep(step: (on: StaffStep) => Promise<void>) {
  return async (
    { db, clock }: Pick<TicketDeps, 'db' | 'clock'>,
    staff: User,
    ticketId: number,
    seen?: SeenAssignee,
  ): Promise<void> => {
    await db.transaction(async (trx) => {
      const locked = await visibleTicket(trx, { user: staff, as: 'staff' }, ticketId, true)
      refuseOwnAccount(staff, locked.user_id)
      if (locked.status === 'closed') throw ticketClosed()
      await refuseChangedAssignee(trx, locked, seen)
      await step({ trx, locked, staff, clock })
    })
  }
}

/** The agent takes the ticket (from nobody, or knowingly from a colleague). */
export const takeTicket = staffStep(async ({ trx, locked, staff, clock }) => {
  if (locked.assigned_to !== staff.id) await Ticket.assign(trx, locked.id, staff.id, clock.now())
})

/** The agent lets their ticket go: it waits for whoever takes or answers it next. */
export const releaseTicket = staffStep(async ({ trx, locked, staff, clock }) => {
  if (locked.assigned_to !== staff.id) {
    throw new ApiError(409, ASSIGNMENT_MESSAGES.notYours, 'ticket_not_yours')
  }
  await Ticket.assign(trx, locked.id, null, clock.now())
})

/**
 * Support mark the ticket solved. It stays open (closing is the customer's), the customer sees
 * the mark, and their next message takes it away. Marking it again changes nothing.
 */
export const resolveTicket = staffStep(async ({ trx, locked, staff, clock }) => {
  if (locked.resolved_at === null) {
    await Ticket.markResolved(trx, locked.id, staff.id, clock.now())
  }
})
