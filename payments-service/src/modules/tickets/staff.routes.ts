import { defineRoute, reply, type Api } from '../../http/route.ts'
import type { Role } from '../../models/user.model.ts'
import type { PreparedMessageService } from './prepared-messages.service.ts'
import { Message, MessageList, TicketIdParams } from '@arzpol/contracts/tickets/customer'
import {
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

const STAFF: readonly Role[] = ['support', 'admin']
const TAGS = ['staff']

/**
 * Support's side: every ticket with filters, replies (labelled with the staff username or
 * 'پشتیبانی', and an SMS to the customer), and the prepared messages. Customers get 403.
 */
export function registerStaffTicketRoutes(
  api: Api,
  { tickets, prepared }: { tickets: TicketService; prepared: PreparedMessageService },
) {
  defineRoute(api, {
    method: 'get',
    path: '/api/staff/tickets/',
    operationId: 'staff_tickets_list',
    summary: 'All tickets, filtered by status, waiting for staff and category',
    description:
      '`waiting_for_staff=true`: open tickets whose last message is from the customer, oldest first. Otherwise most recently active first. Paged with `limit` (≤ 200) and `offset`.',
    tags: TAGS,
    auth: STAFF,
    query: StaffTicketQuery,
    responses: { 200: { description: 'A page of tickets', schema: StaffTicketPage } },
    handler: async (_ctx, { query }) => reply(200, await tickets.listForStaff(query)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/tickets/:id/',
    operationId: 'staff_tickets_read',
    summary: 'Any ticket, with its customer',
    tags: TAGS,
    auth: STAFF,
    params: TicketIdParams,
    responses: { 200: { description: 'Ticket', schema: StaffTicket } },
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await tickets.getForStaff(params.id)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/tickets/:id/messages/',
    operationId: 'staff_messages_list',
    summary: "Any ticket's messages, oldest first",
    tags: TAGS,
    auth: STAFF,
    params: TicketIdParams,
    responses: { 200: { description: 'Messages', schema: MessageList } },
    errors: [404],
    handler: async (_ctx, { user, params }) =>
      reply(200, await tickets.messages({ user, as: 'staff' }, params.id)),
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/staff/tickets/:id/messages/',
    operationId: 'staff_messages_create',
    summary: 'Reply to a ticket: `content`, a `prepared_message` id, and/or a `file` (multipart)',
    description:
      'The reply shows `is_staff: true` and the staff username (or "پشتیبانی"); the customer gets an SMS. A closed ticket answers 409 `ticket_closed`.',
    tags: TAGS,
    auth: STAFF,
    params: TicketIdParams,
    body: StaffReplyBody,
    multipart: { read: readMultipart },
    responses: { 201: { description: 'Sent', schema: Message } },
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
        }),
      ),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/prepared-messages/',
    operationId: 'staff_prepared_messages_list',
    summary: 'Prepared messages, pinned first',
    tags: TAGS,
    auth: STAFF,
    responses: { 200: { description: 'Prepared messages', schema: PreparedMessageList } },
    handler: async () => reply(200, await prepared.list()),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/prepared-messages/pinned/',
    operationId: 'staff_prepared_messages_pinned',
    summary: 'Only the pinned prepared messages',
    tags: TAGS,
    auth: STAFF,
    responses: { 200: { description: 'Pinned prepared messages', schema: PreparedMessageList } },
    handler: async () => reply(200, await prepared.list({ pinnedOnly: true })),
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/staff/prepared-messages/',
    operationId: 'staff_prepared_messages_create',
    summary: 'Create a prepared message',
    tags: TAGS,
    auth: STAFF,
    body: PreparedMessageBody,
    responses: { 201: { description: 'Created', schema: PreparedMessageOut } },
    handler: async (_ctx, { user, body }) => reply(201, await prepared.create(user, body)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/prepared-messages/:id/',
    operationId: 'staff_prepared_messages_read',
    summary: 'One prepared message',
    tags: TAGS,
    auth: STAFF,
    params: PreparedMessageIdParams,
    responses: { 200: { description: 'Prepared message', schema: PreparedMessageOut } },
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await prepared.get(params.id)),
  })

  defineRoute(api, {
    method: 'patch',
    path: '/api/staff/prepared-messages/:id/',
    operationId: 'staff_prepared_messages_update',
    summary: 'Edit the title and/or text of a prepared message',
    tags: TAGS,
    auth: STAFF,
    params: PreparedMessageIdParams,
    body: PreparedMessagePatch,
    responses: { 200: { description: 'Updated', schema: PreparedMessageOut } },
    errors: [404],
    handler: async (_ctx, { user, params, body }) =>
      reply(200, await prepared.update(user, params.id, body)),
  })

  defineRoute(api, {
    method: 'delete',
    path: '/api/staff/prepared-messages/:id/',
    operationId: 'staff_prepared_messages_delete',
    summary: 'Delete a prepared message',
    tags: TAGS,
    auth: STAFF,
    params: PreparedMessageIdParams,
    responses: { 204: { description: 'Deleted' } },
    errors: [404],
    handler: async (_ctx, { params }) => {
      await prepared.remove(params.id)
      return reply(204, undefined)
    },
  })

  for (const action of ['pin', 'unpin'] as const) {
    defineRoute(api, {
      method: 'post',
      path: `/api/staff/prepared-messages/:id/${action}/`,
      operationId: `staff_prepared_messages_${action}`,
      summary: action === 'pin' ? 'Pin a prepared message (shown first)' : 'Unpin it',
      tags: TAGS,
      auth: STAFF,
      params: PreparedMessageIdParams,
      responses: { 200: { description: 'The prepared message', schema: PreparedMessageOut } },
      errors: [404],
      handler: async (_ctx, { params }) =>
        reply(200, await (action === 'pin' ? prepared.pin(params.id) : prepared.unpin(params.id))),
    })
  }
}
