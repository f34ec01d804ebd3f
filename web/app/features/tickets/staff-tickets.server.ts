import { Message, MessageList } from '@arzpol/contracts/tickets/customer'
import type { PreparedMessageOut } from '@arzpol/contracts/tickets/staff'
import {
  PreparedMessageList,
  StaffTicket as StaffTicketOut,
  StaffTicketPage,
} from '@arzpol/contracts/tickets/staff'
import type { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'
import type { StaffReply } from './staff-ticket-forms.server.ts'

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
  /** `me`: the caller's tickets; `none`: the tickets nobody works. */
  assigned?: 'me' | 'none'
  limit?: number
  offset?: number
}

export function listTickets(request: Request, token: string, query: TicketQuery = {}) {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.waitingForStaff) params.set('waiting_for_staff', 'true')
  if (query.assigned) params.set('assigned', query.assigned)
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

/** The assignee the agent saw, as the API takes it: a staff id, or `none`. */
const wireAssignee = (seen: number | null) => (seen === null ? 'none' : String(seen))

/** A reply; multipart only when it carries a file. */
export function replyToTicket(request: Request, token: string, id: number, reply: StaffReply) {
  const fields = {
    ...(reply.content ? { content: reply.content } : {}),
    ...(reply.preparedMessage !== null ? { prepared_message: String(reply.preparedMessage) } : {}),
    ...(reply.seenAssignee !== undefined
      ? { seen_assignee: wireAssignee(reply.seenAssignee) }
      : {}),
  }
  const path = `/api/staff/tickets/${id}/messages/`
  if (!reply.file)
    return call(request, path, { method: 'POST', token, body: fields, schema: Message })
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', reply.file, reply.file.name || 'file')
  return call(request, path, { method: 'POST', token, form, schema: Message })
}

export type TicketStep = 'take' | 'release' | 'resolve'

/** Takes the ticket or lets it go (from where the agent saw it), or marks it solved. */
export function ticketStep(
  request: Request,
  token: string,
  id: number,
  step: TicketStep,
  seen: number | null | undefined,
) {
  return call(request, `/api/staff/tickets/${id}/${step}/`, {
    method: 'POST',
    token,
    body: step === 'resolve' || seen === undefined ? {} : { seen_assignee: wireAssignee(seen) },
    schema: StaffTicketOut,
  })
}

export const listPreparedMessages = (request: Request, token: string) =>
  call(request, '/api/staff/prepared-messages/', {
    method: 'GET',
    token,
    schema: PreparedMessageList,
  })
