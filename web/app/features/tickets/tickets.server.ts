import type { ApiErrorBody } from '@arzpol/contracts'
import type { Attachment, Category, Message } from '@arzpol/contracts/tickets/customer'
import { CategoryList, MessageList, Ticket, TicketList } from '@arzpol/contracts/tickets/customer'
import type { z } from 'zod'
import { call, stream } from '~/features/api/payments-client.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { DOWNLOAD_MESSAGES, plainText, streamDownload } from '~/utils/file-download.server.ts'
import { readFormWithFile } from '~/utils/form-data.server.ts'
import { errorsFromApi } from '~/utils/form-errors.ts'
import { MAX_FILE_BYTES, messageProblems, TICKET_MESSAGES, type NewTicketInput } from './schemas.ts'

/**
 * web's client for payments-service's ticketing calls (docs/product/api.md), server to server with
 * the customer's access token from the session cookie, through the one client
 * (`features/api/payments-client.server.ts`); the browser never sees a token.
 */

// Answers are parsed with payments-service's own response schemas (their dates are strings).
export type TicketView = z.output<typeof Ticket>
export type MessageView = z.output<typeof Message>
export type AttachmentView = z.output<typeof Attachment>
export type CategoryView = z.output<typeof Category>

export const listTickets = (request: Request, token: string) =>
  call(request, '/api/ticketing/tickets/', { token, schema: TicketList })

export const listCategories = (request: Request, token: string) =>
  call(request, '/api/ticketing/categories/', { token, schema: CategoryList })

export const getTicket = (request: Request, token: string, id: number) =>
  call(request, `/api/ticketing/tickets/${id}/`, { token, schema: Ticket })

export const listMessages = (request: Request, token: string, id: number) =>
  call(request, `/api/ticketing/tickets/${id}/messages/`, { token, schema: MessageList })

export function createTicket(request: Request, token: string, input: NewTicketInput) {
  return call(request, '/api/ticketing/tickets/', {
    token,
    method: 'POST',
    body: {
      title: input.title,
      category: Number(input.category),
      message: input.message,
      ...(input.subject && { subject: input.subject }),
      ...(input.order_id && { order_id: Number(input.order_id) }),
    },
    schema: Ticket,
  })
}

export const closeTicket = (request: Request, token: string, id: number) =>
  call(request, `/api/ticketing/tickets/${id}/close/`, { token, method: 'POST', schema: null })

/** An attachment's download answer, to be streamed on to the browser. */
export const fetchAttachment = (request: Request, token: string, id: number) =>
  stream(request, `/api/ticketing/attachments/${id}/download/`, { token })

/**
 * GET …/tickets/:ticketId/attachments/:attachmentId: a ticket file, fetched from payments-service
 * with the token of whoever `signIn` lets in (the browser has none) and streamed on. Always a
 * download with the type payments-service detected, never something the browser would run.
 */
export async function downloadAttachment(
  request: Request,
  params: { ticketId?: string; attachmentId?: string },
  signIn: (request: Request) => Promise<{ tokens: { access: string }; headers: Headers }>,
): Promise<Response> {
  const ticketId = ticketIdFrom(params.ticketId)
  const attachmentId = ticketIdFrom(params.attachmentId)
  if (ticketId === null || attachmentId === null) return plainText(404, DOWNLOAD_MESSAGES.notFound)
  const { tokens, headers } = await signIn(request)
  return streamDownload(await fetchAttachment(request, tokens.access, attachmentId), headers)
}

/** `/dashboard/tickets/:ticketId` param → a ticket id, or null for anything else. */
export function ticketIdFrom(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null
  return Number(value)
}

/**
 * What the customer sees when a call fails: the server's field messages on their fields; for
 * anything else the product's text first (docs/product/errors.md), then the server's own reason
 * when it gave one (a closed ticket, a refused file type). A server error or an unreachable
 * service shows the product's text only.
 */
export function failureErrors(
  result: { status: number; body: ApiErrorBody | null },
  fallback: string,
  fields: readonly string[],
): FormErrors {
  if (result.status >= 500 || !result.body) return { form: [fallback], fields: {} }
  const errors = errorsFromApi(
    result.body,
    fallback,
    Object.fromEntries(fields.map((field) => [field, field])),
  )
  if (errors.form.length > 0 && errors.form[0] !== fallback) errors.form.unshift(fallback)
  return errors
}

/** A ticket page's form post, with or without a file of at most 10 MB (see readFormWithFile). */
export function readTicketForm(request: Request) {
  return readFormWithFile(request, MAX_FILE_BYTES)
}

/** The form's file, if one was chosen (an empty file input still sends a nameless empty part). */
export function attachedFile(form: FormData): File | null {
  const value = form.get('file')
  return value instanceof Blob && value.size > 0 ? (value as File) : null
}

/** A new ticket's file, sent as the ticket's next message right after it was opened. */
export function sendFile(request: Request, token: string, ticketId: number, file: File) {
  const form = new FormData()
  form.append('file', file, file.name || 'file')
  return sendMessage(request, token, ticketId, { form, tooLarge: false })
}

export type SendResult = { ok: true } | { ok: false; status: number; errors: FormErrors }

/**
 * Sends a message (text and/or one file) from a submitted form: checks it as the browser did,
 * then forwards it to payments-service as multipart.
 */
export async function sendMessage(
  request: Request,
  token: string,
  ticketId: number,
  submitted: { form: FormData; tooLarge: boolean },
): Promise<SendResult> {
  if (submitted.tooLarge) {
    return {
      ok: false,
      status: 413,
      errors: { form: [], fields: { file: [TICKET_MESSAGES.fileTooLarge] } },
    }
  }
  const content = String(submitted.form.get('content') ?? '')
  const file = attachedFile(submitted.form)
  const problems = messageProblems(content, file)
  if (Object.keys(problems).length > 0) {
    return { ok: false, status: 400, errors: { form: [], fields: problems } }
  }
  const upstream = new FormData()
  if (content.trim()) upstream.append('content', content.trim())
  if (file) upstream.append('file', file, file.name || 'file')
  const result = await call(request, `/api/ticketing/tickets/${ticketId}/messages/`, {
    token,
    method: 'POST',
    form: upstream,
    schema: null,
  })
  if (result.ok) return { ok: true }
  const status = result.status >= 400 && result.status < 500 ? result.status : 502
  return {
    ok: false,
    status,
    errors: failureErrors(result, TICKET_MESSAGES.sendFailed, ['content', 'file']),
  }
}
