import { z } from 'zod'
import {
  cleanText,
  idField,
  isoDate,
  latinId,
  MAX_CONTENT_LENGTH,
  MESSAGES,
  optionalIdField,
  optionalCleanText,
  requiredCleanText,
  Ticket,
  uploadedFile,
} from './customer.ts'

/** Request and response shapes of the support staff's calls: replies, the queue, prepared messages. */

export const PreparedMessageIdParams = z.object({
  id: idField(MESSAGES.preparedNotFound, MESSAGES.preparedNotFound).meta({
    description: 'prepared message id',
  }),
})

/** What support are told about who works a ticket. */
export const ASSIGNMENT_MESSAGES = {
  seenInvalid: 'مسئول تیکت در فرم معتبر نیست؛ صفحه را دوباره باز کنید.',
  notYours: 'این تیکت با شما نیست که رهایش کنید.',
} as const

/**
 * The refusal when the ticket changed hands since the agent looked at it. The username is
 * isolated (FSI…PDI) so a Latin name cannot turn the Persian sentence's quotes around.
 */
export const assigneeChanged = (now: string | null) =>
  now === null
    ? 'همکارتان این تیکت را در این فاصله رها کرد و اکنون مسئولی ندارد؛ صفحه را دوباره ببینید و سپس تصمیم بگیرید.'
    : `این تیکت در این فاصله به «\u2068${now}\u2069» سپرده شد؛ صفحه را دوباره ببینید و سپس تصمیم بگیرید.`

/**
 * Who the agent saw working the ticket when they acted: a staff id, or `none`. The action is
 * refused (409 `ticket_assignee_changed`) if that changed meanwhile, so two agents never answer
 * one ticket without knowing. Absent or blank: no check (the original client sends none).
 */
export const seenAssignee = z
  .preprocess(
    (value) => (value === 'none' || value === null ? null : latinId(value)),
    z
      .number({ error: ASSIGNMENT_MESSAGES.seenInvalid })
      .int(ASSIGNMENT_MESSAGES.seenInvalid)
      .positive(ASSIGNMENT_MESSAGES.seenInvalid)
      .max(Number.MAX_SAFE_INTEGER, ASSIGNMENT_MESSAGES.seenInvalid)
      .nullable()
      .optional(),
  )
  .meta({ description: 'the assignee the agent saw: a staff id, or `none`; optional' })

/** Taking a ticket, or letting it go. */
export const AssignmentBody = z.object({ seen_assignee: seenAssignee })

/** Staff reply: like a customer message, or a prepared message's text. */
export const StaffReplyBody = z
  .object({
    content: optionalCleanText(MAX_CONTENT_LENGTH, MESSAGES.contentTooLong).meta({
      description: 'the reply; when blank, the prepared message text is used',
    }),
    prepared_message: optionalIdField(MESSAGES.preparedNotFound).meta({
      description: 'id of a prepared message to send',
    }),
    file: uploadedFile.optional(),
    seen_assignee: seenAssignee,
  })
  .superRefine((body, ctx) => {
    if (
      body.content === undefined &&
      body.file === undefined &&
      body.prepared_message === undefined
    ) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: MESSAGES.contentOrFileRequired })
    }
  })

const boolQuery = z.preprocess(
  (value) =>
    value === undefined || value === '' ? undefined : ['true', '1', 'yes'].includes(String(value)),
  z.boolean().optional(),
)

export const StaffTicketQuery = z.object({
  status: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['open', 'closed'], { error: 'وضعیت باید open یا closed باشد' }).optional(),
    )
    .meta({ description: 'open or closed' }),
  waiting_for_staff: boolQuery.meta({
    description: 'true: open tickets whose last message is from the customer',
  }),
  category: optionalIdField(MESSAGES.categoryInvalid),
  assigned: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['me', 'none'], { error: 'مسئول باید me یا none باشد' }).optional(),
    )
    .meta({ description: 'me: the tickets the caller has; none: the tickets nobody has' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

/** Support owe the customer a reply: the ticket is open and the customer spoke last. */
export const waitingForStaff = (ticket: { status: string; last_message_by_staff: boolean }) =>
  ticket.status === 'open' && !ticket.last_message_by_staff

/** A ticket row as a list of someone's tickets (an account's, an order's) shows it to staff. */
export const ticketSummary = <T extends { status: 'open' | 'closed' }>(
  row: T & {
    id: number
    title: string
    last_message_by_staff: boolean
    created_at: Date
    updated_at: Date
  },
) => ({
  id: row.id,
  title: row.title,
  status: row.status,
  waiting_for_staff: waitingForStaff(row),
  created_at: row.created_at,
  updated_at: row.updated_at,
})

/** A ticket in a list of someone's (an account's, an order's) for staff. */
export const TicketSummaryOut = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['open', 'closed']),
  waiting_for_staff: z.boolean(),
  created_at: z.date(),
  updated_at: z.date(),
})

export const StaffTicket = Ticket.extend({
  customer: z.object({ id: z.number().int(), username: z.string(), phone: z.string() }),
  waiting_for_staff: z.boolean(),
  last_message_at: isoDate,
  // Optional on the wire: a pod from before tickets had assignees leaves them out.
  assignee: z
    .object({ id: z.number().int(), username: z.string(), since: isoDate })
    .nullable()
    .optional()
    .meta({ description: 'the staff member working the ticket, or null' }),
  resolved_at: isoDate.nullable().optional(),
})
export const StaffTicketPage = z.object({
  count: z.number().int(),
  results: z.array(StaffTicket),
})

export const PreparedMessageBody = z.object({
  title: requiredCleanText(MESSAGES.preparedTitleRequired, 100, MESSAGES.preparedTitleTooLong),
  content: requiredCleanText(
    MESSAGES.preparedContentRequired,
    MAX_CONTENT_LENGTH,
    MESSAGES.contentTooLong,
  ),
})

export const PreparedMessagePatch = z.object({
  title: z
    .preprocess(
      (value) => (value === undefined ? value : (cleanText(value) ?? '')),
      z.string().min(1, MESSAGES.preparedTitleRequired).max(100, MESSAGES.preparedTitleTooLong),
    )
    .optional(),
  content: z
    .preprocess(
      (value) => (value === undefined ? value : (cleanText(value) ?? '')),
      z
        .string()
        .min(1, MESSAGES.preparedContentRequired)
        .max(MAX_CONTENT_LENGTH, MESSAGES.contentTooLong),
    )
    .optional(),
})

export const PreparedMessageOut = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  is_pinned: z.boolean(),
  pinned_at: isoDate.nullable(),
  created_at: isoDate,
  updated_at: isoDate,
})
export const PreparedMessageList = z.array(PreparedMessageOut)
