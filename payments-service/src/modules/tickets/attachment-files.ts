import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { sanitizeFileName } from '../../http/uploads.ts'
import { TicketAttachment } from '../../models/ticket.model.ts'
import { isStaffRole, type User } from '../../models/user.model.ts'
import { StoredFileNotFound } from '../../storage/index.ts'
import { MESSAGES } from '@arzpol/contracts/tickets/customer'
import type { AttachmentType, UploadedFile } from '@arzpol/contracts/uploads'
import { notFound } from './access.ts'
import type { TicketDeps } from './deps.ts'

type Stored = Awaited<ReturnType<typeof store>>

async function store(
  { clock, storage }: Pick<TicketDeps, 'clock' | 'storage'>,
  file: UploadedFile & { type: AttachmentType },
) {
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
export async function withStoredFile<T>(
  deps: Pick<TicketDeps, 'clock' | 'storage' | 'logger'>,
  file: UploadedFile | undefined,
  write: (stored: Stored | null) => Promise<T>,
): Promise<T> {
  if (!file?.type) return write(null)
  const stored = await store(deps, file as UploadedFile & { type: AttachmentType })
  try {
    return await write(stored)
  } catch (error) {
    await deps.storage.delete(stored.storage_key).catch((cleanupError: unknown) => {
      deps.logger.error(
        { err: cleanupError, storage_key: stored.storage_key },
        'could not remove an attachment whose message was not saved',
      )
    })
    throw error
  }
}

/** An attachment's row and bytes, for its owner or staff; anyone else gets "not found". */
export async function openAttachment(
  { db, storage, logger }: TicketDeps,
  user: User,
  attachmentId: number,
): Promise<{ attachment: TicketAttachment; body: Readable }> {
  const row = await TicketAttachment.withOwner(db, attachmentId)
  if (!row || (row.owner !== user.id && !isStaffRole(user.role))) {
    throw notFound(MESSAGES.attachmentNotFound)
  }
  try {
    return { attachment: row, body: await storage.get(row.storage_key) }
  } catch (error) {
    if (!(error instanceof StoredFileNotFound)) throw error
    logger.error({ attachment_id: row.id, storage_key: row.storage_key }, 'attachment file missing')
    throw notFound(MESSAGES.attachmentNotFound)
  }
}
