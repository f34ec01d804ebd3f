import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

export const TICKET_STATUSES = ['open', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/** One seeded support category (payment, order, account, technical, other). */
export class TicketCategory extends BaseModel {
  static override tableName = 'ticket_categories'

  declare id: number
  declare slug: string
  declare name: string
  declare position: number
  declare created_at: Date
}

export class Ticket extends BaseModel {
  static override tableName = 'tickets'

  declare id: number
  declare user_id: number
  declare title: string
  declare subject: string | null
  declare category_id: number
  declare status: TicketStatus
  declare closed_at: Date | null
  declare last_message_at: Date
  /** Who spoke last: a customer's message leaves an open ticket "waiting for staff". */
  declare last_message_by_staff: boolean
  declare created_at: Date
  declare updated_at: Date

  /** Open tickets whose last message is the customer's: support owes them a reply. */
  static async countWaitingForStaff(db: Knex): Promise<number> {
    const [row] = await db('tickets')
      .where({ status: 'open', last_message_by_staff: false })
      .count<Array<{ count: string | number }>>('* as count')
    return Number(row?.count ?? 0)
  }
}

export class TicketMessage extends BaseModel {
  static override tableName = 'ticket_messages'

  declare id: number
  declare ticket_id: number
  declare author_id: number
  /** Written through the staff API (a support reply), as opposed to by the ticket's owner. */
  declare is_staff: boolean
  declare content: string
  declare created_at: Date
}

export class TicketAttachment extends BaseModel {
  static override tableName = 'ticket_attachments'

  declare id: number
  declare message_id: number
  /** Random key in the file storage; never derived from the customer's file name. */
  declare storage_key: string
  /** Sanitised name, with the extension of the detected type. */
  declare file_name: string
  /** Detected from the bytes (magic numbers), never taken from the client. */
  declare content_type: string
  declare size_bytes: number
  declare created_at: Date
}

/** Support's canned replies; pinned ones come first. */
export class PreparedMessage extends BaseModel {
  static override tableName = 'prepared_messages'

  declare id: number
  declare title: string
  declare content: string
  declare pinned_at: Date | null
  declare created_by: number | null
  declare updated_by: number | null
  declare created_at: Date
  declare updated_at: Date
}
