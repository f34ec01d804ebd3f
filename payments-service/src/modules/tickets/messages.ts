import { ApiError, ValidationError } from '../../http/errors.ts'
import {
  PreparedMessage,
  Ticket,
  TicketAttachment,
  TicketMessage,
} from '../../models/ticket.model.ts'
import { isStaffRole, User } from '../../models/user.model.ts'
import { refuseOwnAccount } from '../users/own-account.ts'
import { MESSAGES } from '@arzpol/contracts/tickets/customer'
import { MAX_ATTACHMENTS_PER_MESSAGE, type UploadedFile } from '@arzpol/contracts/uploads'
import { ticketClosed, notFound, visibleTicket, type Actor } from './access.ts'
import { refuseChangedAssignee, type SeenAssignee } from './assignment.ts'
import { withStoredFile } from './attachment-files.ts'
import type { TicketDeps } from './deps.ts'
import { attachmentView, messageView, type AttachmentView, type MessageView } from './views.ts'

export interface NewMessage {
  actor: Actor
  ticketId: number
  content?: string | undefined
  file?: UploadedFile | undefined
  preparedMessageId?: number | undefined
  /** Staff only: whom the agent saw working the ticket (see assignment.ts). */
  seenAssignee?: SeenAssignee
}

/** A ticket's thread (or only the messages `onlyIds` names), each with its files. */
async function thread(
  { db }: Pick<TicketDeps, 'db'>,
  ticketId: number,
  onlyIds?: number[],
): Promise<MessageView[]> {
  const rows = await TicketMessage.threadOf(db, ticketId, onlyIds)
  const attachments = rows.length
    ? await TicketAttachment.ofMessages(
        db,
        rows.map((row) => row.id),
      )
    : []
  return rows.map((row) => messageView(row, attachments))
}

/**
 * The thread's version, for conditional reads: every message, file, status or assignment change
 * of a ticket raises its `version` and moves its `updated_at` (models/ticket.model.ts).
 */
const versionOf = (ticket: { id: number; version: number; updated_at: Date }) =>
  `W/"ticket-${ticket.id}-${ticket.version}-${ticket.updated_at.getTime()}"`

/**
 * The thread with its version, or only the version when the caller already holds it
 * (`held(version)`): then no message is read.
 */
export async function messagesIfChanged(
  deps: TicketDeps,
  actor: Actor,
  ticketId: number,
  held: (version: string) => boolean,
): Promise<{ version: string; messages: MessageView[] | null }> {
  const ticket = await visibleTicket(deps.db, actor, ticketId)
  const version = versionOf(ticket)
  return { version, messages: held(version) ? null : await thread(deps, ticketId) }
}

async function preparedText({ db }: Pick<TicketDeps, 'db'>, id: number): Promise<string> {
  const prepared = await PreparedMessage.find(db, id)
  if (!prepared) throw ValidationError.field('prepared_message', MESSAGES.preparedNotFound)
  return prepared.content
}

/**
 * A new message (with at most one file) on an open ticket. The file is checked before and
 * stored outside the transaction, so a slow object store never holds the ticket's row lock;
 * the lock then re-checks that the ticket is still open when the message is written.
 */
export async function addMessage(
  deps: TicketDeps,
  { actor, ticketId, content, file, preparedMessageId, seenAssignee }: NewMessage,
): Promise<MessageView> {
  const { db, clock, sms } = deps
  const ticket = await visibleTicket(db, actor, ticketId)
  if (actor.as === 'staff') refuseOwnAccount(actor.user, ticket.user_id)
  if (ticket.status === 'closed') throw ticketClosed()
  let text = content
  if (text === undefined && preparedMessageId !== undefined) {
    text = await preparedText(deps, preparedMessageId)
  }
  const asStaff = actor.as === 'staff'

  const messageId = await withStoredFile(deps, file, (stored) =>
    db.transaction(async (trx) => {
      const locked = await visibleTicket(trx, actor, ticketId, true)
      if (locked.status === 'closed') throw ticketClosed()
      if (asStaff) await refuseChangedAssignee(trx, locked, seenAssignee)
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
      await Ticket.markMessaged(trx, ticketId, { now, byStaff: asStaff })
      // The first agent to answer takes the ticket, so the next one sees who works it.
      if (asStaff && locked.assigned_to === null) {
        await Ticket.assign(trx, ticketId, actor.user.id, now)
      }
      if (asStaff) {
        // The notice is a job of the reply's transaction: it exists exactly if the reply does.
        const phone = await User.fieldOf(trx, ticket.user_id, 'phone')
        if (phone) await sms.enqueueTicketReply(trx, { phone, ticketId })
      }
      return id
    }),
  )

  const [view] = await thread(deps, ticketId, [messageId])
  if (!view) throw new Error('new message not found')
  return view
}

/**
 * The separate upload call of the original client: one more file on a message the caller
 * wrote, while its ticket is open. Messages the caller cannot see are "not found".
 */
export async function addAttachment(
  deps: TicketDeps,
  user: User,
  input: { messageId: number; file: UploadedFile },
): Promise<AttachmentView & { message: number }> {
  const { db, clock } = deps
  const message = await TicketMessage.withTicket(db, input.messageId)
  const visible =
    message && (message.owner === user.id || (isStaffRole(user.role) && message.is_staff))
  if (!message || !visible) throw notFound(MESSAGES.messageNotFound)
  if (message.author_id !== user.id) {
    throw new ApiError(403, MESSAGES.notYourMessage, 'not_message_author')
  }
  if (message.status === 'closed') throw ticketClosed()

  return withStoredFile(deps, input.file, async (stored) => {
    if (!stored) throw ValidationError.field('file', MESSAGES.fileType)
    return db.transaction(async (trx) => {
      const status = await Ticket.lockStatus(trx, message.ticket_id)
      if (status !== 'open') throw ticketClosed()
      if ((await TicketAttachment.countOfMessage(trx, message.id)) >= MAX_ATTACHMENTS_PER_MESSAGE) {
        throw ValidationError.field('message', MESSAGES.tooManyAttachments)
      }
      const now = clock.now()
      const row = await TicketAttachment.addReturningRow(trx, {
        ...stored,
        message_id: message.id,
        created_at: now,
      })
      if (!row) throw new Error('attachment insert returned nothing')
      await Ticket.touch(trx, message.ticket_id, now)
      return { ...attachmentView(row), message: message.id }
    })
  })
}
