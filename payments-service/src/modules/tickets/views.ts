import type { z } from 'zod'
import type {
  TicketAttachment,
  TicketForStaff,
  TicketMessageWithAuthor,
  TicketWithCategory,
} from '../../models/ticket.model.ts'
import {
  STATUS_DISPLAY,
  type Attachment,
  type Message,
  type Ticket,
} from '@arzpol/contracts/tickets/customer'
import { waitingForStaff, type StaffTicket } from '@arzpol/contracts/tickets/staff'

/** Label of a staff message whose author has no username of their own (docs/product/tickets.md). */
export const STAFF_LABEL = 'پشتیبانی'

export const attachmentUrl = (id: number) => `/api/ticketing/attachments/${id}/download/`

export type TicketView = z.input<typeof Ticket>
export type MessageView = z.input<typeof Message>
export type AttachmentView = z.input<typeof Attachment>
export type StaffTicketView = z.input<typeof StaffTicket>

export function ticketView(row: TicketWithCategory): TicketView {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    order_id: row.order_id,
    category: row.category_id,
    category_name: row.category_name,
    status: row.status,
    status_display: STATUS_DISPLAY[row.status],
    resolved: row.resolved_at !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export function staffTicketView(row: TicketForStaff): StaffTicketView {
  return {
    ...ticketView(row),
    customer: { id: row.user_id, username: row.customer_username, phone: row.customer_phone },
    waiting_for_staff: waitingForStaff(row),
    last_message_at: row.last_message_at.toISOString(),
    assignee:
      row.assigned_to !== null && row.assignee_username !== null && row.assigned_at !== null
        ? {
            id: row.assigned_to,
            username: row.assignee_username,
            since: row.assigned_at.toISOString(),
          }
        : null,
    resolved_at: row.resolved_at?.toISOString() ?? null,
  }
}

export function attachmentView(row: TicketAttachment): AttachmentView {
  return {
    id: row.id,
    file: attachmentUrl(row.id),
    name: row.file_name,
    content_type: row.content_type,
    size: row.size_bytes,
  }
}

/**
 * A staff member's own username when they have one; accounts made from a phone number alone
 * (username = phone) show as 'پشتیبانی', so a staff phone number never reaches a customer.
 */
function authorName(row: TicketMessageWithAuthor): string {
  if (!row.is_staff) return row.author_username
  return row.author_username && row.author_username !== row.author_phone
    ? row.author_username
    : STAFF_LABEL
}

export function messageView(
  row: TicketMessageWithAuthor,
  attachments: TicketAttachment[],
): MessageView {
  return {
    id: row.id,
    ticket: row.ticket_id,
    content: row.content,
    author: { id: row.author_id, username: authorName(row) },
    is_staff: row.is_staff,
    created_at: row.created_at.toISOString(),
    attachments: attachments
      .filter((attachment) => attachment.message_id === row.id)
      .map(attachmentView),
  }
}
