import { data } from '@remix-run/node'
import { redirectWithFlash, staffFailure } from '~/features/staff/staff.server.ts'
import { parseWith } from '~/features/staff/staff-forms.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { TICKET_MESSAGES } from './schemas.ts'
import { parseReply, stepSchema } from './staff-ticket-forms.server.ts'
import { replyToTicket, ticketStep, type TicketStep } from './staff-tickets.server.ts'
import { readTicketForm } from './tickets.server.ts'

/**
 * The forms of a ticket's staff page: the reply (text, a prepared message, a file), and taking
 * the ticket, letting it go or marking it solved. Each answers a redirect with its Persian
 * confirmation, or the page again with the reason beside the form that was sent.
 */

export type StaffTicketActionData = {
  intent: 'reply' | TicketStep
  errors: FormErrors
  /** The reply's text, given back to a refused form (it keeps what was typed without JavaScript). */
  content?: string
}

const STEP_DONE: Record<TicketStep, string> = {
  take: 'تیکت به شما سپرده شد.',
  release: 'تیکت را رها کردید؛ اکنون مسئولی ندارد.',
  resolve: 'تیکت حل‌شده علامت خورد؛ بستن آن با مشتری است.',
}

const STEP_FAILED: Record<TicketStep, string> = {
  take: 'برداشتن تیکت ممکن نشد',
  release: 'رها کردن تیکت ممکن نشد',
  resolve: 'علامت حل‌شده ثبت نشد',
}

interface StaffTicketRequest {
  request: Request
  id: number
  token: string
  headers: Headers
}

const refused = (answer: StaffTicketActionData, status: number, headers: Headers) =>
  data<StaffTicketActionData>(answer, { status, headers })

/** The status a refused call is answered with: the API's 4xx as it is, an outage as 503. */
const statusOf = (status: number) => (status >= 400 && status < 500 ? status : 503)

export async function staffTicketAction(ticket: StaffTicketRequest) {
  const submitted = await readTicketForm(ticket.request)
  if (submitted.tooLarge) {
    const errors = { form: [], fields: { file: [TICKET_MESSAGES.fileTooLarge] } }
    return refused({ intent: 'reply', errors }, 413, ticket.headers)
  }
  const intent = submitted.form.get('intent')
  return intent === null || intent === 'reply'
    ? sendReply(ticket, submitted.form)
    : runStep(ticket, submitted.form)
}

async function sendReply({ request, id, token, headers }: StaffTicketRequest, form: FormData) {
  const content = String(form.get('content') ?? '')
  const parsed = parseReply(form)
  if (!parsed.ok) return refused({ intent: 'reply', errors: parsed.errors, content }, 400, headers)
  const result = await replyToTicket(request, token, id, parsed.value)
  if (!result.ok) {
    const errors = staffFailure(result, 'ارسال پاسخ ممکن نشد', {
      content: 'content',
      prepared_message: 'prepared_message',
      file: 'file',
    })
    return refused({ intent: 'reply', errors, content }, statusOf(result.status), headers)
  }
  return redirectWithFlash(`/staff/tickets/${id}`, 'پاسخ شما برای مشتری ارسال شد.', headers)
}

async function runStep({ request, id, token, headers }: StaffTicketRequest, form: FormData) {
  const parsed = parseWith(stepSchema, form)
  if (!parsed.ok) return refused({ intent: 'take', errors: parsed.errors }, 400, headers)
  const { intent, seen_assignee: seen } = parsed.value
  const result = await ticketStep(request, token, id, intent, seen)
  if (!result.ok) {
    const errors = staffFailure(result, STEP_FAILED[intent])
    return refused({ intent, errors }, statusOf(result.status), headers)
  }
  return redirectWithFlash(`/staff/tickets/${id}`, STEP_DONE[intent], headers)
}
