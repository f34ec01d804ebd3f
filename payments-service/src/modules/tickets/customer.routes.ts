import type { Knex } from 'knex'
import {
  created,
  file,
  notModified,
  ok,
  reply,
  replyFile,
  routeGroup,
  type Api,
} from '../../http/route.ts'
import { answerThread } from './thread-answer.ts'
import { listCategories } from './categories.ts'
import {
  AttachmentCreated,
  AttachmentIdParams,
  CategoryList,
  CreateAttachmentBody,
  CreateMessageBody,
  CreateTicketBody,
  Message,
  MessageList,
  Ticket,
  TicketIdParams,
  TicketList,
} from '@arzpol/contracts/tickets/customer'
import type { TicketService } from './tickets.service.ts'
import { ALLOWED_ATTACHMENT_TYPES } from '@arzpol/contracts/uploads'
import { readMultipart } from '../../http/uploads.ts'

const multipart = { read: readMultipart }

/** The customer's side of the ticketing calls (docs/product/api.md). Others' tickets answer 404. */
export function registerTicketRoutes(
  api: Api,
  { db, tickets }: { db: Knex; tickets: TicketService },
) {
  const customer = routeGroup(api, { tags: ['ticketing'], auth: 'user' })

  customer.get('/api/ticketing/categories/', {
    operationId: 'ticketing_categories',
    summary: 'Ticket categories, in display order',
    responses: ok('Categories', CategoryList),
    handler: async () => {
      const categories = await listCategories(db)
      return reply(
        200,
        categories.map(({ id, name }) => ({ id, name })),
      )
    },
  })

  // The spec calls both forms (dashboard stats without the slash, the list with it); the router
  // answers both, and each is documented on its own.
  for (const [path, operationId] of [
    ['/api/ticketing/tickets/', 'ticketing_tickets_list'],
    ['/api/ticketing/tickets', 'ticketing_tickets_list_no_slash'],
  ] as const) {
    customer.get(path, {
      operationId,
      summary: "The signed-in customer's tickets, most recently active first",
      responses: ok('Tickets', TicketList),
      handler: async (_ctx, { user }) => reply(200, await tickets.listForCustomer(user)),
    })
  }

  customer.post('/api/ticketing/tickets/', {
    operationId: 'ticketing_tickets_create',
    summary: 'Open a ticket, with or without its first message',
    description:
      'From the original client, `{title, category}` answers 201 with the ticket (its `id`); the first message then goes to `/messages/`. A `message` in the same call is kept as the first message (our web sends it). Errors use the exact product texts: `{"title": ["عنوان لازم است"], "category": ["دستهبندی لازم است"]}`. At most 20 open tickets per customer (409 `too_many_open_tickets`).',
    body: CreateTicketBody,
    responses: created('Created; `id` is the new ticket', Ticket),
    errors: [409],
    handler: async (_ctx, { user, body }) => reply(201, await tickets.create(user, body)),
  })

  customer.get('/api/ticketing/tickets/:id/', {
    operationId: 'ticketing_tickets_read',
    summary: 'One of your tickets',
    params: TicketIdParams,
    responses: ok('Ticket', Ticket),
    errors: [404],
    handler: async (_ctx, { user, params }) =>
      reply(200, await tickets.get({ user, as: 'owner' }, params.id)),
  })

  customer.get('/api/ticketing/tickets/:id/messages/', {
    operationId: 'ticketing_messages_list',
    summary: "A ticket's messages, oldest first",
    params: TicketIdParams,
    responses: { ...ok('Messages', MessageList), ...notModified() },
    errors: [404],
    handler: (ctx, { user, params }) =>
      answerThread(ctx, tickets, { user, as: 'owner' }, params.id),
  })

  customer.post('/api/ticketing/tickets/:id/messages/', {
    operationId: 'ticketing_messages_create',
    summary: 'Send a message: JSON `{content}`, or multipart with `content` and/or `file`',
    description:
      'Text, a file, or both; neither is `{"content": ["پیام یا فایل لازم است"]}`. A closed ticket answers 409 `ticket_closed`. Files: PNG, JPEG, WebP, GIF or PDF by their bytes, at most 10 MB (413).',
    params: TicketIdParams,
    body: CreateMessageBody,
    multipart,
    responses: created('Created; `id` is the new message', Message),
    errors: [404, 409, 413],
    handler: async (_ctx, { user, params, body }) =>
      reply(
        201,
        await tickets.addMessage({
          actor: { user, as: 'owner' },
          ticketId: params.id,
          content: body.content,
          file: body.file,
        }),
      ),
  })

  customer.post('/api/ticketing/tickets/:id/close/', {
    operationId: 'ticketing_tickets_close',
    summary: 'Close your ticket (only its owner can); it then refuses messages and files',
    params: TicketIdParams,
    responses: ok('Closed (also when it already was)', Ticket),
    errors: [404],
    handler: async (_ctx, { user, params }) => reply(200, await tickets.close(user, params.id)),
  })

  customer.post('/api/ticketing/attachments/', {
    operationId: 'ticketing_attachments_create',
    summary: 'Attach a file to one of your messages (multipart: `message`, `file`)',
    description:
      'PNG, JPEG, WebP, GIF or PDF, recognised by their bytes (a renamed executable is refused), at most 10 MB (413 `file_too_large`), 5 per message. The ticket must be open (409 `ticket_closed`).',
    body: CreateAttachmentBody,
    multipart: { ...multipart, only: true },
    responses: created('Stored', AttachmentCreated),
    errors: [403, 404, 409, 413],
    handler: async (_ctx, { user, body }) =>
      reply(201, await tickets.addAttachment(user, { messageId: body.message, file: body.file })),
  })

  customer.get('/api/ticketing/attachments/:id/download/', {
    operationId: 'ticketing_attachments_download',
    summary: 'Download an attachment (its ticket owner or staff)',
    description:
      'Always `Content-Disposition: attachment` with the detected type and `X-Content-Type-Options: nosniff`.',
    params: AttachmentIdParams,
    responses: file('The file', Object.keys(ALLOWED_ATTACHMENT_TYPES)),
    errors: [404],
    handler: async (ctx, { user, params }) => {
      const { attachment, body } = await tickets.openAttachment(user, params.id)
      const { content_type: type, size_bytes: size, file_name: downloadAs } = attachment
      return replyFile(ctx, { type, size, downloadAs }, body)
    },
  })
}
