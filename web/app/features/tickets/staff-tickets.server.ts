import { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'
import { messageSchema } from './tickets.server.ts'

/**
 * payments-service's staff calls for tickets, through the one client with the staff
 * member's access token. Every answer is checked with zod and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

const staffTicketSchema = z.object({
  id: z.number(),
  title: z.string(),
  subject: z.string().nullable().default(null),
  category: z.number(),
  category_name: z.string().default(''),
  status: z.string().transform((value) => (value.toLowerCase() === 'closed' ? 'closed' : 'open')),
  status_display: z.string().default(''),
  created_at: z.string(),
  updated_at: z.string(),
  customer: z.object({ id: z.number(), username: z.string(), phone: z.string() }),
  waiting_for_staff: z.boolean(),
  last_message_at: z.string(),
})
export type StaffTicket = z.output<typeof staffTicketSchema>

const staffTicketPageSchema = z.object({ count: z.number(), results: z.array(staffTicketSchema) })

export type StaffMessage = z.output<typeof messageSchema>

const preparedMessageSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  is_pinned: z.boolean(),
  pinned_at: z.string().nullable().default(null),
})
export type PreparedMessage = z.output<typeof preparedMessageSchema>

export interface TicketQuery {
  status?: 'open' | 'closed' | ''
  waitingForStaff?: boolean
  limit?: number
  offset?: number
}

export function listTickets(request: Request, token: string, query: TicketQuery = {}) {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.waitingForStaff) params.set('waiting_for_staff', 'true')
  params.set('limit', String(query.limit ?? 50))
  if (query.offset) params.set('offset', String(query.offset))
  return call(request, `/api/staff/tickets/?${params}`, {
    method: 'GET',
    token,
    schema: staffTicketPageSchema,
  })
}

export const getTicket = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/tickets/${id}/`, { method: 'GET', token, schema: staffTicketSchema })

export const listMessages = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/tickets/${id}/messages/`, {
    method: 'GET',
    token,
    schema: z.array(messageSchema),
  })

export function replyToTicket(
  request: Request,
  token: string,
  id: number,
  body: { content?: string; prepared_message?: number },
) {
  return call(request, `/api/staff/tickets/${id}/messages/`, {
    method: 'POST',
    token,
    body,
    schema: messageSchema,
  })
}

export const listPreparedMessages = (request: Request, token: string) =>
  call(request, '/api/staff/prepared-messages/', {
    method: 'GET',
    token,
    schema: z.array(preparedMessageSchema),
  })
