import type { Knex } from 'knex'
import { byTimeThenId, newestFirst } from '../db/newest-first.ts'
import { pageOf } from '../db/page.ts'
import { BaseModel } from './base.model.ts'
import { ChangeNotice } from './change-notice.ts'

export const TICKET_STATUSES = ['open', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/**
 * Tells every pod that a ticket changed (ADR 043), inside the transaction that changed it: the
 * browsers showing it hear of it once it commits, and never of a change rolled back.
 */
const announce = (trx: Knex, id: number) => ChangeNotice.publish(trx, { type: 'ticket', id })

/**
 * Every change of a ticket's row after it was opened: its `version` rises and `updated_at`
 * moves (together the thread's version for conditional reads), and every pod is told.
 */
async function changeTicket(
  trx: Knex,
  id: number,
  now: Date,
  columns: Partial<Pick<Ticket, TicketChangeColumn>>,
): Promise<void> {
  await trx('tickets')
    .where({ id })
    .update({ ...columns, version: trx.raw('version + 1'), updated_at: now })
  await announce(trx, id)
}

type TicketChangeColumn =
  | 'status'
  | 'closed_at'
  | 'last_message_at'
  | 'last_message_by_staff'
  | 'assigned_to'
  | 'assigned_at'
  | 'resolved_at'
  | 'resolved_by'

/** One seeded support category (payment, order, account, technical, other). */
export class TicketCategory extends BaseModel {
  static override tableName = 'ticket_categories'

  declare id: number
  declare slug: string
  declare name: string
  declare position: number
  declare created_at: Date

  /** The category's row, or undefined when there is no such category. */
  static async find(trx: Knex, id: number): Promise<TicketCategory | undefined> {
    return (await trx('ticket_categories').where({ id }).first()) as TicketCategory | undefined
  }

  /** Every category in the order the customer's form lists them. */
  static async listed(db: Knex): Promise<TicketCategory[]> {
    return TicketCategory.query(db).orderBy([{ column: 'position' }, { column: 'id' }])
  }

  /** Inserts `categories`, or renames and reorders the ones whose slug exists. Idempotent. */
  static async upsertBySlug(
    db: Knex,
    categories: ReadonlyArray<{ slug: string; name: string; position: number }>,
  ): Promise<void> {
    await db('ticket_categories')
      .insert(categories.map((category) => ({ ...category })))
      .onConflict('slug')
      .merge(['name', 'position'])
  }
}

/** A ticket with its category's name (what both APIs show). */
export interface TicketWithCategory {
  id: number
  user_id: number
  title: string
  subject: string | null
  order_id: number | null
  category_id: number
  category_name: string
  status: TicketStatus
  closed_at: Date | null
  last_message_at: Date
  last_message_by_staff: boolean
  assigned_to: number | null
  assigned_at: Date | null
  resolved_at: Date | null
  resolved_by: number | null
  created_at: Date
  updated_at: Date
  version: number
}

/**
 * A ticket as the staff API shows it: with its customer's username and phone, and the username
 * of the staff member who has it.
 */
export interface TicketForStaff extends TicketWithCategory {
  customer_username: string
  customer_phone: string
  assignee_username: string | null
}

export interface StaffTicketFilters {
  status?: TicketStatus | undefined
  waiting_for_staff?: boolean | undefined
  category?: number | undefined
  /** A staff member's id: the tickets they have; null: the tickets nobody has. */
  assigned_to?: number | null | undefined
  limit: number
  offset: number
}

const ticketsWithCategory = (trx: Knex) =>
  trx('tickets as t')
    .join('ticket_categories as c', 'c.id', 't.category_id')
    .select<TicketWithCategory[]>('t.*', 'c.name as category_name')

/** What a list of tickets shows of each (an account's, an order's). */
const SUMMARY_COLUMNS = [
  'id',
  'title',
  'status',
  'last_message_by_staff',
  'created_at',
  'updated_at',
] as const
export type TicketSummaryRow = Pick<Ticket, (typeof SUMMARY_COLUMNS)[number]>

export class Ticket extends BaseModel {
  static override tableName = 'tickets'

  declare id: number
  declare user_id: number
  declare title: string
  declare subject: string | null
  /** The customer's own order the ticket is about, if they named one. */
  declare order_id: number | null
  declare category_id: number
  declare status: TicketStatus
  declare closed_at: Date | null
  declare last_message_at: Date
  /** Who spoke last: a customer's message leaves an open ticket "waiting for staff". */
  declare last_message_by_staff: boolean
  /** The staff member working the ticket (they took it, or answered it first). */
  declare assigned_to: number | null
  declare assigned_at: Date | null
  /** Support consider it solved; the customer's next message takes the mark away. */
  declare resolved_at: Date | null
  declare resolved_by: number | null
  declare created_at: Date
  declare updated_at: Date
  /** Raised by every change of the ticket (a message, a file, its status, who has it). */
  declare version: number

  /** The tickets a customer opened about one order, newest first (the order's staff page). */
  static async aboutOrder(db: Knex, orderId: number): Promise<TicketSummaryRow[]> {
    return (await db('tickets')
      .where({ order_id: orderId })
      .select(SUMMARY_COLUMNS)
      .orderBy('id', 'desc')) as TicketSummaryRow[]
  }

  /** Open tickets whose last message is the customer's: support owes them a reply. */
  static async countWaitingForStaff(db: Knex): Promise<number> {
    const [row] = await db('tickets')
      .where({ status: 'open', last_message_by_staff: false })
      .count<Array<{ count: string | number }>>('* as count')
    return Number(row?.count ?? 0)
  }

  /**
   * One ticket with its category; with `ownerId` only if that customer owns it, with `lock` its
   * row locked (FOR UPDATE OF t) until the transaction ends.
   */
  static async withCategory(
    trx: Knex,
    id: number,
    { ownerId, lock = false }: { ownerId?: number | undefined; lock?: boolean } = {},
  ): Promise<TicketWithCategory | undefined> {
    const query = ticketsWithCategory(trx).where('t.id', id)
    if (ownerId !== undefined) query.where('t.user_id', ownerId)
    if (lock) query.forUpdate('t')
    return query.first()
  }

  /** A customer's tickets with their categories, recently updated first. */
  static async listOfCustomer(db: Knex, userId: number): Promise<TicketWithCategory[]> {
    return ticketsWithCategory(db)
      .where('t.user_id', userId)
      .orderBy(newestFirst('t', 'updated_at'))
  }

  /** One ticket with its category, its customer's username and phone, and its assignee. */
  static async forStaff(db: Knex, id: number): Promise<TicketForStaff | undefined> {
    return ticketsWithCategory(db)
      .join('users as u', 'u.id', 't.user_id')
      .leftJoin('users as a', 'a.id', 't.assigned_to')
      .select<TicketForStaff[]>(
        'u.username as customer_username',
        'u.phone as customer_phone',
        'a.username as assignee_username',
      )
      .where('t.id', id)
      .first()
  }

  /**
   * One page of the staff list and how many tickets match `filters` in all. The waiting queue
   * is served oldest first; other lists show recent activity first.
   */
  static async pageForStaff(
    db: Knex,
    filters: StaffTicketFilters,
  ): Promise<{ count: number; rows: TicketForStaff[] }> {
    const query = db('tickets as t')
      .join('ticket_categories as c', 'c.id', 't.category_id')
      .join('users as u', 'u.id', 't.user_id')
      .leftJoin('users as a', 'a.id', 't.assigned_to')
    if (filters.status) query.where('t.status', filters.status)
    if (filters.category !== undefined) query.where('t.category_id', filters.category)
    if (filters.assigned_to === null) query.whereNull('t.assigned_to')
    else if (filters.assigned_to !== undefined) query.where('t.assigned_to', filters.assigned_to)
    if (filters.waiting_for_staff === true) {
      query.where('t.status', 'open').where('t.last_message_by_staff', false)
    } else if (filters.waiting_for_staff === false) {
      query.where((q) => q.where('t.status', 'closed').orWhere('t.last_message_by_staff', true))
    }
    return pageOf<TicketForStaff>(query, filters, (page) =>
      page
        .select(
          't.*',
          'c.name as category_name',
          'u.username as customer_username',
          'u.phone as customer_phone',
          'a.username as assignee_username',
        )
        .orderBy(
          filters.waiting_for_staff === true
            ? byTimeThenId('t', 'last_message_at', 'asc')
            : newestFirst('t', 'updated_at'),
        ),
    )
  }

  /**
   * Serialises one customer's ticket creations until the transaction ends (a transaction-level
   * advisory lock), so that counting their open tickets and opening one cannot interleave.
   */
  static async lockCreationsOf(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?)', ['tickets.create', userId])
  }

  /** The customer's newest `limit` tickets by last activity (the staff users page). */
  static async recentOf(db: Knex, userId: number, limit: number): Promise<TicketSummaryRow[]> {
    return (await db('tickets')
      .where({ user_id: userId })
      .select(SUMMARY_COLUMNS)
      .orderBy(newestFirst('tickets', 'updated_at'))
      .limit(limit)) as TicketSummaryRow[]
  }

  /** How many tickets the customer has, open or closed. */
  static async countOf(db: Knex, userId: number): Promise<number> {
    const [all] = await db('tickets')
      .where({ user_id: userId })
      .count<Array<{ count: string | number }>>('* as count')
    return Number(all?.count ?? 0)
  }

  /** How many open tickets the customer has. */
  static async countOpenOf(trx: Knex, userId: number): Promise<number> {
    const open = await trx('tickets')
      .where({ user_id: userId, status: 'open' })
      .count<{ count: string | number }[]>('* as count')
    return Number(open[0]?.count ?? 0)
  }

  /** Inserts a ticket; its id, or undefined if the insert returned nothing. */
  static async open(
    trx: Knex,
    row: Pick<
      Ticket,
      | 'user_id'
      | 'title'
      | 'subject'
      | 'order_id'
      | 'category_id'
      | 'status'
      | 'last_message_at'
      | 'last_message_by_staff'
      | 'created_at'
      | 'updated_at'
    >,
  ): Promise<number | undefined> {
    const [ticket] = await trx('tickets').insert(row).returning<Array<{ id: number }>>('id')
    if (ticket) await announce(trx, ticket.id)
    return ticket?.id
  }

  /** The ticket's status, its row locked (FOR UPDATE) until the transaction ends. */
  static async lockStatus(trx: Knex.Transaction, id: number): Promise<TicketStatus | undefined> {
    const ticket = await trx('tickets').where({ id }).forUpdate().first<{ status: TicketStatus }>()
    return ticket?.status
  }

  /**
   * Records that a message was written at `now`, by staff or by the customer. The customer
   * writing again means the question is not solved: the resolved mark goes.
   */
  static async markMessaged(
    trx: Knex,
    id: number,
    { now, byStaff }: { now: Date; byStaff: boolean },
  ): Promise<void> {
    await changeTicket(trx, id, now, {
      last_message_at: now,
      last_message_by_staff: byStaff,
      ...(byStaff ? {} : { resolved_at: null, resolved_by: null }),
    })
  }

  /** Gives the ticket to a staff member (null: to nobody) from `now`. */
  static async assign(trx: Knex, id: number, staffId: number | null, now: Date): Promise<void> {
    await changeTicket(trx, id, now, {
      assigned_to: staffId,
      assigned_at: staffId === null ? null : now,
    })
  }

  /** Marks the ticket solved by `staffId` at `now` (it stays open until the customer closes). */
  static async markResolved(trx: Knex, id: number, staffId: number, now: Date): Promise<void> {
    await changeTicket(trx, id, now, { resolved_at: now, resolved_by: staffId })
  }

  /** Sets `updated_at` (a file was added to one of its messages). */
  static async touch(trx: Knex, id: number, now: Date): Promise<void> {
    await changeTicket(trx, id, now, {})
  }

  static async markClosed(trx: Knex, id: number, now: Date): Promise<void> {
    await changeTicket(trx, id, now, { status: 'closed', closed_at: now })
  }
}

/** A message with its author's username and phone (the name shown is chosen from them). */
export interface TicketMessageWithAuthor {
  id: number
  ticket_id: number
  author_id: number
  is_staff: boolean
  content: string
  created_at: Date
  author_username: string
  author_phone: string
}

/** A message with its ticket's owner and status (who may add a file to it, and whether now). */
export interface TicketMessageWithTicket {
  id: number
  ticket_id: number
  author_id: number
  is_staff: boolean
  owner: number
  status: TicketStatus
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

  /** A ticket's messages (or only those of `onlyIds`) with their authors, oldest first. */
  static async threadOf(
    db: Knex,
    ticketId: number,
    onlyIds?: number[],
  ): Promise<TicketMessageWithAuthor[]> {
    const query = db('ticket_messages as m')
      .join('users as u', 'u.id', 'm.author_id')
      .where('m.ticket_id', ticketId)
      .orderBy([{ column: 'm.created_at' }, { column: 'm.id' }])
      .select<TicketMessageWithAuthor[]>(
        'm.*',
        'u.username as author_username',
        'u.phone as author_phone',
      )
    if (onlyIds) query.whereIn('m.id', onlyIds)
    return query
  }

  /** One message with its ticket's owner and status, or undefined when there is none. */
  static async withTicket(trx: Knex, id: number): Promise<TicketMessageWithTicket | undefined> {
    return trx('ticket_messages as m')
      .join('tickets as t', 't.id', 'm.ticket_id')
      .where('m.id', id)
      .select<TicketMessageWithTicket[]>(
        'm.id',
        'm.ticket_id',
        'm.author_id',
        'm.is_staff',
        't.user_id as owner',
        't.status',
      )
      .first()
  }

  static async add(
    trx: Knex,
    row: Pick<TicketMessage, 'ticket_id' | 'author_id' | 'is_staff' | 'content' | 'created_at'>,
  ): Promise<void> {
    await trx('ticket_messages').insert(row)
  }

  /** Like `add`; the new message's id, or undefined if the insert returned nothing. */
  static async addReturningId(
    trx: Knex,
    row: Pick<TicketMessage, 'ticket_id' | 'author_id' | 'is_staff' | 'content' | 'created_at'>,
  ): Promise<number | undefined> {
    const [message] = await trx('ticket_messages')
      .insert(row)
      .returning<Array<{ id: number }>>('id')
    return message?.id
  }
}

export type NewTicketAttachment = Pick<
  TicketAttachment,
  'message_id' | 'storage_key' | 'file_name' | 'content_type' | 'size_bytes' | 'created_at'
>

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

  /** The files of these messages, in the order they were added. */
  static async ofMessages(db: Knex, messageIds: number[]): Promise<TicketAttachment[]> {
    return db<TicketAttachment>('ticket_attachments')
      .whereIn('message_id', messageIds)
      .orderBy('id')
  }

  /** One file with the owner of its message's ticket, or undefined when there is none. */
  static async withOwner(
    db: Knex,
    id: number,
  ): Promise<(TicketAttachment & { owner: number }) | undefined> {
    return db('ticket_attachments as a')
      .join('ticket_messages as m', 'm.id', 'a.message_id')
      .join('tickets as t', 't.id', 'm.ticket_id')
      .where('a.id', id)
      .select<Array<TicketAttachment & { owner: number }>>('a.*', 't.user_id as owner')
      .first()
  }

  static async countOfMessage(trx: Knex, messageId: number): Promise<number> {
    const count = await trx('ticket_attachments')
      .where({ message_id: messageId })
      .count<{ count: string | number }[]>('* as count')
    return Number(count[0]?.count ?? 0)
  }

  static async add(trx: Knex, row: NewTicketAttachment): Promise<void> {
    await trx('ticket_attachments').insert(row)
  }

  /** Like `add`; the new row, or undefined if the insert returned nothing. */
  static async addReturningRow(
    trx: Knex,
    row: NewTicketAttachment,
  ): Promise<TicketAttachment | undefined> {
    const [inserted] = await trx<TicketAttachment>('ticket_attachments').insert(row).returning('*')
    return inserted
  }
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

  /** The reply, or undefined when there is no such reply. */
  static async find(db: Knex, id: number): Promise<PreparedMessage | undefined> {
    return db<PreparedMessage>('prepared_messages').where({ id }).first()
  }

  /**
   * At most 500 replies (or only the pinned ones): pinned first, latest pin on top, then
   * recently edited first.
   */
  static async listPinnedFirst(
    db: Knex,
    { pinnedOnly = false }: { pinnedOnly?: boolean | undefined } = {},
  ): Promise<PreparedMessage[]> {
    const query = db<PreparedMessage>('prepared_messages')
      .orderByRaw('pinned_at IS NULL, pinned_at DESC, updated_at DESC, id DESC')
      .limit(500)
    if (pinnedOnly) query.whereNotNull('pinned_at')
    return query
  }

  /** Inserts a reply; the new row, or undefined if the insert returned nothing. */
  static async add(
    db: Knex,
    row: Omit<PreparedMessage, 'id' | keyof BaseModel>,
  ): Promise<PreparedMessage | undefined> {
    const [inserted] = await db<PreparedMessage>('prepared_messages').insert(row).returning('*')
    return inserted
  }

  /** Changes a reply; the changed row, or undefined when there is no such reply. */
  static async change(
    db: Knex,
    id: number,
    changes: Partial<PreparedMessage>,
  ): Promise<PreparedMessage | undefined> {
    const [row] = await db<PreparedMessage>('prepared_messages')
      .where({ id })
      .update(changes)
      .returning('*')
    return row
  }

  /** Deletes a reply; how many rows were deleted (0 or 1). */
  static async remove(db: Knex, id: number): Promise<number> {
    return db<PreparedMessage>('prepared_messages').where({ id }).delete()
  }
}
