import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { ApiError, ValidationError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { User } from '../../models/user.model.ts'
import {
  PreparedMessage,
  Ticket as TicketModel,
  TicketAttachment,
  TicketCategory,
  TicketMessage,
  type StaffTicketFilters,
  type TicketForStaff,
  type TicketMessageWithAuthor,
  type TicketWithCategory,
} from '../../models/ticket.model.ts'
import { StoredFileNotFound, type FileStorage } from '../../storage/index.ts'
import type { SmsOutbox } from '../auth/sms/outbox.ts'
import { refuseOwnAccount } from '../users/own-account.ts'
import {
  MESSAGES,
  STATUS_DISPLAY,
  type Attachment,
  type Message,
  type Ticket,
} from '@arzpol/contracts/tickets/customer'
import { type StaffTicket } from '@arzpol/contracts/tickets/staff'
import {
  MAX_ATTACHMENTS_PER_MESSAGE,
  type AttachmentType,
  type UploadedFile,
} from '@arzpol/contracts/uploads'
import { sanitizeFileName } from '../../http/uploads.ts'

/** Label of a staff message whose author has no username of their own (spec §6). */
export const STAFF_LABEL = 'پشتیبانی'
export const MAX_OPEN_TICKETS_PER_CUSTOMER = 20

export const isStaff = (user: Pick<User, 'role'>) =>
  user.role === 'support' || user.role === 'admin'

export const attachmentUrl = (id: number) => `/api/ticketing/attachments/${id}/download/`

type TicketView = z.input<typeof Ticket>
type MessageView = z.input<typeof Message>
type AttachmentView = z.input<typeof Attachment>
type StaffTicketView = z.input<typeof StaffTicket>

const notFound = (detail: string = MESSAGES.ticketNotFound) =>
  new ApiError(404, detail, 'not_found')
const ticketClosed = () => new ApiError(409, MESSAGES.ticketClosed, 'ticket_closed')

export function ticketView(row: TicketWithCategory): TicketView {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    category: row.category_id,
    category_name: row.category_name,
    status: row.status,
    status_display: STATUS_DISPLAY[row.status],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

function staffTicketView(row: TicketForStaff): StaffTicketView {
  return {
    ...ticketView(row),
    customer: { id: row.user_id, username: row.customer_username, phone: row.customer_phone },
    waiting_for_staff: row.status === 'open' && !row.last_message_by_staff,
    last_message_at: row.last_message_at.toISOString(),
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

export interface TicketServiceDeps {
  db: Knex
  clock: Clock
  storage: FileStorage
  sms: SmsOutbox
  logger: Logger
}

/** Who is acting: the ticket's owner (customer API) or support (staff API). */
export type Actor = { user: User; as: 'owner' | 'staff' }

export interface NewMessage {
  actor: Actor
  ticketId: number
  content?: string | undefined
  file?: UploadedFile | undefined
  preparedMessageId?: number | undefined
}

export type TicketService = ReturnType<typeof createTicketService>

export function createTicketService({ db, clock, storage, sms, logger }: TicketServiceDeps) {
  /** The ticket if the actor may see it; others' tickets are "not found", never "forbidden". */
  async function visibleTicket(
    trx: Knex | Knex.Transaction,
    actor: Actor,
    ticketId: number,
    lock = false,
  ): Promise<TicketWithCategory> {
    const ownerId = actor.as === 'owner' ? actor.user.id : undefined
    const row = await TicketModel.withCategory(trx, ticketId, { ownerId, lock })
    if (!row) throw notFound()
    return row
  }

  async function store(file: UploadedFile & { type: AttachmentType }) {
    const now = clock.now()
    const month = String(now.getUTCMonth() + 1).padStart(2, '0')
    const key = `tickets/${now.getUTCFullYear()}/${month}/${randomUUID()}`
    await storage.put(key, file.data, file.type)
    return {
      storage_key: key,
      file_name: sanitizeFileName(file.clientName, file.type),
      content_type: file.type,
      size_bytes: file.size,
    }
  }

  /** Runs `write` with the file already stored; removes the file again if `write` fails. */
  async function withStoredFile<T>(
    file: UploadedFile | undefined,
    write: (stored: Awaited<ReturnType<typeof store>> | null) => Promise<T>,
  ): Promise<T> {
    if (!file?.type) return write(null)
    const stored = await store(file as UploadedFile & { type: AttachmentType })
    try {
      return await write(stored)
    } catch (error) {
      await storage.delete(stored.storage_key).catch((cleanupError: unknown) => {
        logger.error(
          { err: cleanupError, storage_key: stored.storage_key },
          'could not remove an attachment whose message was not saved',
        )
      })
      throw error
    }
  }

  async function messagesOf(ticketId: number, onlyIds?: number[]): Promise<MessageView[]> {
    const rows = await TicketMessage.threadOf(db, ticketId, onlyIds)
    const attachments = rows.length
      ? await TicketAttachment.ofMessages(
          db,
          rows.map((row) => row.id),
        )
      : []
    return rows.map((row) => ({
      id: row.id,
      ticket: row.ticket_id,
      content: row.content,
      author: { id: row.author_id, username: authorName(row) },
      is_staff: row.is_staff,
      created_at: row.created_at.toISOString(),
      attachments: attachments
        .filter((attachment) => attachment.message_id === row.id)
        .map(attachmentView),
    }))
  }

  async function preparedText(id: number): Promise<string> {
    const prepared = await PreparedMessage.find(db, id)
    if (!prepared) throw ValidationError.field('prepared_message', MESSAGES.preparedNotFound)
    return prepared.content
  }

  return {
    async listForCustomer(user: User): Promise<TicketView[]> {
      const rows = await TicketModel.listOfCustomer(db, user.id)
      return rows.map(ticketView)
    },

    async get(actor: Actor, ticketId: number): Promise<TicketView> {
      return ticketView(await visibleTicket(db, actor, ticketId))
    },

    async getForStaff(ticketId: number): Promise<StaffTicketView> {
      const row = await TicketModel.forStaff(db, ticketId)
      if (!row) throw notFound()
      return staffTicketView(row)
    },

    async create(
      user: User,
      input: {
        title: string
        subject?: string | undefined
        category: number
        message?: string | undefined
      },
    ): Promise<TicketView> {
      return db.transaction(async (trx) => {
        const category = await TicketCategory.find(trx, input.category)
        if (!category) throw ValidationError.field('category', MESSAGES.categoryInvalid)
        // Serialises one customer's concurrent creations, so the open-ticket cap holds.
        await TicketModel.lockCreationsOf(trx, user.id)
        if ((await TicketModel.countOpenOf(trx, user.id)) >= MAX_OPEN_TICKETS_PER_CUSTOMER) {
          throw new ApiError(409, MESSAGES.tooManyOpenTickets, 'too_many_open_tickets')
        }
        const now = clock.now()
        const ticketId = await TicketModel.open(trx, {
          user_id: user.id,
          title: input.title,
          subject: input.subject ?? null,
          category_id: input.category,
          status: 'open',
          last_message_at: now,
          last_message_by_staff: false,
          created_at: now,
          updated_at: now,
        })
        if (ticketId === undefined) throw new Error('ticket insert returned nothing')
        // Spec §7's client opens the ticket with {title, category} and sends the first message
        // through /messages/; our web sends it here, in the same call.
        if (input.message !== undefined)
          await TicketMessage.add(trx, {
            ticket_id: ticketId,
            author_id: user.id,
            is_staff: false,
            content: input.message,
            created_at: now,
          })
        return ticketView(await visibleTicket(trx, { user, as: 'owner' }, ticketId))
      })
    },

    async messages(actor: Actor, ticketId: number): Promise<MessageView[]> {
      await visibleTicket(db, actor, ticketId)
      return messagesOf(ticketId)
    },

    /**
     * A new message (with at most one file) on an open ticket. The file is checked before and
     * stored outside the transaction, so a slow object store never holds the ticket's row lock;
     * the lock then re-checks that the ticket is still open when the message is written.
     */
    async addMessage({
      actor,
      ticketId,
      content,
      file,
      preparedMessageId,
    }: NewMessage): Promise<MessageView> {
      const ticket = await visibleTicket(db, actor, ticketId)
      if (actor.as === 'staff') refuseOwnAccount(actor.user, ticket.user_id)
      if (ticket.status === 'closed') throw ticketClosed()
      let text = content
      if (text === undefined && preparedMessageId !== undefined) {
        text = await preparedText(preparedMessageId)
      }
      const asStaff = actor.as === 'staff'

      const messageId = await withStoredFile(file, (stored) =>
        db.transaction(async (trx) => {
          const locked = await visibleTicket(trx, actor, ticketId, true)
          if (locked.status === 'closed') throw ticketClosed()
          const now = clock.now()
          const id = await TicketMessage.addReturningId(trx, {
            ticket_id: ticketId,
            author_id: actor.user.id,
            is_staff: asStaff,
            content: text ?? '',
            created_at: now,
          })
          if (id === undefined) throw new Error('message insert returned nothing')
          if (stored) {
            await TicketAttachment.add(trx, { ...stored, message_id: id, created_at: now })
          }
          await TicketModel.markMessaged(trx, ticketId, { now, byStaff: asStaff })
          return id
        }),
      )

      if (asStaff) {
        const phone = await User.fieldOf(db, ticket.user_id, 'phone')
        if (phone) sms.enqueueTicketReply({ phone, ticketId })
      }
      const [view] = await messagesOf(ticketId, [messageId])
      if (!view) throw new Error('new message not found')
      return view
    },

    /**
     * The spec's separate upload call: one more file on a message the caller wrote, while its
     * ticket is open. Messages the caller cannot see are "not found".
     */
    async addAttachment(
      user: User,
      input: { messageId: number; file: UploadedFile },
    ): Promise<AttachmentView & { message: number }> {
      const message = await TicketMessage.withTicket(db, input.messageId)
      const visible = message && (message.owner === user.id || (isStaff(user) && message.is_staff))
      if (!message || !visible) throw notFound(MESSAGES.messageNotFound)
      if (message.author_id !== user.id) {
        throw new ApiError(403, MESSAGES.notYourMessage, 'not_message_author')
      }
      if (message.status === 'closed') throw ticketClosed()

      return withStoredFile(input.file, async (stored) => {
        if (!stored) throw ValidationError.field('file', MESSAGES.fileType)
        return db.transaction(async (trx) => {
          const status = await TicketModel.lockStatus(trx, message.ticket_id)
          if (status !== 'open') throw ticketClosed()
          if (
            (await TicketAttachment.countOfMessage(trx, message.id)) >= MAX_ATTACHMENTS_PER_MESSAGE
          ) {
            throw ValidationError.field('message', MESSAGES.tooManyAttachments)
          }
          const now = clock.now()
          const row = await TicketAttachment.addReturningRow(trx, {
            ...stored,
            message_id: message.id,
            created_at: now,
          })
          if (!row) throw new Error('attachment insert returned nothing')
          await TicketModel.touch(trx, message.ticket_id, now)
          return { ...attachmentView(row), message: message.id }
        })
      })
    },

    /** Only the owner closes (spec §4); closing a closed ticket changes nothing. */
    async close(user: User, ticketId: number): Promise<TicketView> {
      return db.transaction(async (trx) => {
        const actor: Actor = { user, as: 'owner' }
        const ticket = await visibleTicket(trx, actor, ticketId, true)
        if (ticket.status === 'open') {
          await TicketModel.markClosed(trx, ticketId, clock.now())
        }
        return ticketView(await visibleTicket(trx, actor, ticketId))
      })
    },

    async listForStaff(
      filters: StaffTicketFilters,
    ): Promise<{ count: number; results: StaffTicketView[] }> {
      const { count, rows } = await TicketModel.pageForStaff(db, filters)
      return { count, results: rows.map(staffTicketView) }
    },

    /** An attachment's row and bytes, for its owner or staff; anyone else gets "not found". */
    async openAttachment(
      user: User,
      attachmentId: number,
    ): Promise<{ attachment: TicketAttachment; body: Readable }> {
      const row = await TicketAttachment.withOwner(db, attachmentId)
      if (!row || (row.owner !== user.id && !isStaff(user))) {
        throw notFound(MESSAGES.attachmentNotFound)
      }
      try {
        return { attachment: row, body: await storage.get(row.storage_key) }
      } catch (error) {
        if (!(error instanceof StoredFileNotFound)) throw error
        logger.error(
          { attachment_id: row.id, storage_key: row.storage_key },
          'attachment file missing',
        )
        throw notFound(MESSAGES.attachmentNotFound)
      }
    },
  }
}
