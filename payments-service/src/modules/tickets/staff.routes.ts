import { created, noContent, notModified, ok, reply, type Api } from '../../http/route.ts'
import { answerThread } from './thread-answer.ts'
import { staffRoutes } from '../../http/staff-routes.ts'
import type { PreparedMessageService } from './prepared-messages.service.ts'
import { Message, MessageList, TicketIdParams } from '@arzpol/contracts/tickets/customer'
import {
  AssignmentBody,
  PreparedMessageBody,
  PreparedMessageIdParams,
  PreparedMessageList,
  PreparedMessageOut,
  PreparedMessagePatch,
  StaffReplyBody,
  StaffTicket,
  StaffTicketPage,
  StaffTicketQuery,
} from '@arzpol/contracts/tickets/staff'
import type { TicketService } from './tickets.service.ts'
import { readMultipart } from '../../http/uploads.ts'

/**
 * Support's side: every ticket with filters, replies (labelled with the staff username or
 * 'پشتیبانی', and an SMS to the customer), and the prepared messages. Customers get 403.
 */
export function registerStaffTicketRoutes(
  api: Api,
  { tickets, prepared }: { tickets: TicketService; prepared: PreparedMessageService },
) {
  const staff = staffRoutes(api)

  staff.get('/api/staff/tickets/', {
    operationId: 'staff_tickets_list',
    summary: 'All tickets, filtered by status, waiting for staff and category',
    description:
      "`waiting_for_staff=true`: open tickets whose last message is from the customer, oldest first. Otherwise most recently active first. `assigned=me`: the caller's tickets; `assigned=none`: tickets nobody works. Paged with `limit` (≤ 200) and `offset`.",
    query: StaffTicketQuery,
    responses: ok('A page of tickets', StaffTicketPage),
    handler: async (_ctx, { user, query: { assigned, ...filters } }) => {
      const assignedTo = assigned === 'me' ? user.id : assigned === 'none' ? null : undefined
      return reply(200, await tickets.listForStaff({ ...filters, assigned_to: assignedTo }))
    },
  })

  const assignment = {
    take: 'Take the ticket: the caller works it (from nobody, or knowingly from a colleague)',
    release: 'Let one’s own ticket go: nobody works it until someone takes or answers it',
  } as const
  for (const step of ['take', 'release'] as const) {
    staff.post(`/api/staff/tickets/:id/${step}/`, {
      operationId: `staff_tickets_${step}`,
      summary: assignment[step],
      description:
        '`seen_assignee` (a staff id, or `none`) is whom the agent saw working the ticket; if that changed meanwhile the answer is 409 `ticket_assignee_changed`. A closed ticket answers 409 `ticket_closed`; letting go of a colleague’s ticket 409 `ticket_not_yours`.',
      params: TicketIdParams,
      body: AssignmentBody,
      responses: ok('The ticket', StaffTicket),
      errors: [403, 404, 409],
      handler: async (_ctx, { user, params, body }) => {
        await tickets[step](user, params.id, body.seen_assignee)
        return reply(200, await tickets.getForStaff(params.id))
      },
    })
  }

  staff.post('/api/staff/tickets/:id/resolve/', {
    operationId: 'staff_tickets_resolve',
    summary: 'Mark the ticket solved (it stays open: the customer closes it)',
    description:
      'The customer sees the mark; their next message takes it away. A closed ticket answers 409 `ticket_closed`.',
    params: TicketIdParams,
    responses: ok('The ticket', StaffTicket),
    errors: [403, 404, 409],
    handler: async (_ctx, { user, params }) => {
      await tickets.resolve(user, params.id)
      return reply(200, await tickets.getForStaff(params.id))
    },
  })

  staff.get('/api/staff/tickets/:id/', {
    operationId: 'staff_tickets_read',
    summary: 'Any ticket, with its customer',
    params: TicketIdParams,
    responses: ok('Ticket', StaffTicket),
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await tickets.getForStaff(params.id)),
  })

  staff.get('/api/staff/tickets/:id/messages/', {
    operationId: 'staff_messages_list',
    summary: "Any ticket's messages, oldest first",
    params: TicketIdParams,
    responses: { ...ok('Messages', MessageList), ...notModified() },
    errors: [404],
    handler: (ctx, { user, params }) =>
      answerThread(ctx, tickets, { user, as: 'staff' }, params.id),
  })

  staff.post('/api/staff/tickets/:id/messages/', {
    operationId: 'staff_messages_create',
    summary: 'Reply to a ticket: `content`, a `prepared_message` id, and/or a `file` (multipart)',
    description:
      'The reply shows `is_staff: true` and the staff username (or "پشتیبانی"); the customer gets an SMS; the first agent to answer an unassigned ticket takes it. A closed ticket answers 409 `ticket_closed`; with `seen_assignee` (see take) a ticket that changed hands meanwhile 409 `ticket_assignee_changed`.',
    params: TicketIdParams,
    body: StaffReplyBody,
    multipart: { read: readMultipart },
    responses: created('Sent', Message),
    errors: [404, 409, 413],
    handler: async (_ctx, { user, params, body }) =>
      reply(
        201,
        await tickets.addMessage({
          actor: { user, as: 'staff' },
          ticketId: params.id,
          content: body.content,
          file: body.file,
          preparedMessageId: body.prepared_message,
          seenAssignee: body.seen_assignee,
        }),
      ),
  })

  staff.get('/api/staff/prepared-messages/', {
    operationId: 'staff_prepared_messages_list',
    summary: 'Prepared messages, pinned first',
    responses: ok('Prepared messages', PreparedMessageList),
    handler: async () => reply(200, await prepared.list()),
  })

  staff.get('/api/staff/prepared-messages/pinned/', {
    operationId: 'staff_prepared_messages_pinned',
    summary: 'Only the pinned prepared messages',
    responses: ok('Pinned prepared messages', PreparedMessageList),
    handler: async () => reply(200, await prepared.list({ pinnedOnly: true })),
  })

  staff.post('/api/staff/prepared-messages/', {
    operationId: 'staff_prepared_messages_create',
    summary: 'Create a prepared message',
    body: PreparedMessageBody,
    responses: created('Created', PreparedMessageOut),
    handler: async (_ctx, { user, body }) => reply(201, await prepared.create(user, body)),
  })

  staff.get('/api/staff/prepared-messages/:id/', {
    operationId: 'staff_prepared_messages_read',
    summary: 'One prepared message',
    params: PreparedMessageIdParams,
    responses: ok('Prepared message', PreparedMessageOut),
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await prepared.get(params.id)),
  })

  staff.patch('/api/staff/prepared-messages/:id/', {
    operationId: 'staff_prepared_messages_update',
    summary: 'Edit the title and/or text of a prepared message',
    params: PreparedMessageIdParams,
    body: PreparedMessagePatch,
    responses: ok('Updated', PreparedMessageOut),
    errors: [404],
    handler: async (_ctx, { user, params, body }) =>
      reply(200, await prepared.update(user, params.id, body)),
  })

  staff.delete('/api/staff/prepared-messages/:id/', {
    operationId: 'staff_prepared_messages_delete',
    summary: 'Delete a prepared message',
    params: PreparedMessageIdParams,
    responses: noContent('Deleted'),
    errors: [404],
    handler: async (_ctx, { params }) => {
      await prepared.remove(params.id)
      return reply(204, undefined)
    },
  })

  for (const action of ['pin', 'unpin'] as const) {
    staff.post(`/api/staff/prepared-messages/:id/${action}/`, {
      operationId: `staff_prepared_messages_${action}`,
      summary: action === 'pin' ? 'Pin a prepared message (shown first)' : 'Unpin it',
      params: PreparedMessageIdParams,
      responses: ok('The prepared message', PreparedMessageOut),
      errors: [404],
      handler: async (_ctx, { params }) =>
        reply(200, await (action === 'pin' ? prepared.pin(params.id) : prepared.unpin(params.id))),
    })
  }
}
