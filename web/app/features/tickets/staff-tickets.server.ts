import { Message, MessageList } from '@arzpol/contracts/tickets/customer'
import type { PreparedMessageOut } from '@arzpol/contracts/tickets/staff'
import {
  PreparedMessageList,
  StaffTicket as StaffTicketOut,
  StaffTicketPage,
} from '@arzpol/contracts/tickets/staff'
import type { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'

/**
 * payments-service's staff calls for tickets, through the one client with the staff
 * member's access token. Every answer is checked with zod and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

// Answers are parsed with payments-service's own response schemas (their dates are strings).
export type StaffTicket = z.output<typeof StaffTicketOut>
export type StaffMessage = z.output<typeof Message>
export type PreparedMessage = z.output<typeof PreparedMessageOut>

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
    schema: StaffTicketPage,
  })
}

export const getTicket = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/tickets/${id}/`, { method: 'GET', token, schema: StaffTicketOut })

export const listMessages = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/tickets/${id}/messages/`, {
    method: 'GET',
    token,
    schema: MessageList,
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
    schema: Message,
  })
}

export const listPreparedMessages = (request: Request, token: string) =>
  call(request, '/api/staff/prepared-messages/', {
    method: 'GET',
    token,
    schema: PreparedMessageList,
  })
