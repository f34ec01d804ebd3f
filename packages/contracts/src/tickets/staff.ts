import { z } from 'zod'
import {
  cleanText,
  idField,
  isoDate,
  MAX_CONTENT_LENGTH,
  MESSAGES,
  optionalIdField,
  optionalText,
  requiredText,
  Ticket,
  uploadedFile,
} from './customer.ts'

/** Request and response shapes of the support staff's calls: replies, the queue, prepared messages. */

export const PreparedMessageIdParams = z.object({
  id: idField(MESSAGES.preparedNotFound, MESSAGES.preparedNotFound).meta({
    description: 'prepared message id',
  }),
})

/** Staff reply: like a customer message, or a prepared message's text. */
export const StaffReplyBody = z
  .object({
    content: optionalText(MAX_CONTENT_LENGTH, MESSAGES.contentTooLong).meta({
      description: 'the reply; when blank, the prepared message text is used',
    }),
    prepared_message: optionalIdField(MESSAGES.preparedNotFound).meta({
      description: 'id of a prepared message to send',
    }),
    file: uploadedFile.optional(),
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
})
export const StaffTicketPage = z.object({
  count: z.number().int(),
  results: z.array(StaffTicket),
})

export const PreparedMessageBody = z.object({
  title: requiredText(MESSAGES.preparedTitleRequired, 100, MESSAGES.preparedTitleTooLong),
  content: requiredText(
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
