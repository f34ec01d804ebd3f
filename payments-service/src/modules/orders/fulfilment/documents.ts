import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError } from '../../../http/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import { OrderDocument, type OrderDocumentRow } from '../../../models/order-document.model.ts'
import type { User } from '../../../models/user.model.ts'
import type { FileStorage } from '../../../storage/index.ts'
// The upload helpers tickets use too (busboy with the size limit while streaming, magic-byte
// type detection, file-name cleaning); reused, not copied.
import { sanitizeFileName } from '../../../http/uploads.ts'
import { readStoredFile, saveOrDiscardFile } from '../../../http/stored-files.ts'
import { type UploadedFile } from '@arzpol/contracts/uploads'
import {
  DOCUMENT_MESSAGES,
  isDocumentType,
  MAX_DOCUMENTS_PER_ORDER,
} from '@arzpol/contracts/orders/customer'
import type { Ownership } from '../../identity/ownership.ts'
import { isStaff, visibleOrder } from '../access.ts'
import { advancePayout, applyShebaAnswer, askStoredSheba } from './payout-details.ts'
import type { Stage } from '../state-machine.ts'

/** A customer adds papers while the order is alive; staff may add them at any stage. */
const OPEN_STAGES: readonly Stage[] = [
  'awaiting_payment',
  'awaiting_payout_details',
  'paid',
  'in_progress',
]

const notFound = () => new ApiError(404, DOCUMENT_MESSAGES.notFound, 'not_found')

export function createDocumentService(deps: {
  db: Knex
  clock: Clock
  logger: Logger
  storage: FileStorage
  /** Whose Sheba: a cash-out's unchecked Sheba is asked about when a document arrives. */
  ownership: Ownership
}) {
  const { db, clock, logger, storage } = deps

  async function upload(
    user: User,
    orderId: number,
    file: UploadedFile,
    clientIp: string | null = null,
  ) {
    // Cheap checks first, so a refused upload never reaches the storage.
    const order = await visibleOrder(db, user, orderId)
    if (!isStaff(user) && !OPEN_STAGES.includes(order.stage)) {
      throw new ApiError(409, DOCUMENT_MESSAGES.closed, 'order_closed')
    }
    const type = file.type
    if (!isDocumentType(type)) throw new Error('upload: type checked by the schema')
    // A cash-out's Sheba never checked for its customer is asked about now, outside the
    // transaction, so this document can be the last thing it needed (ADR 028). The customer's
    // own upload counts against their address's daily cap too; staff's does not (ADR 030).
    const ownership =
      order.user_id === user.id ? deps.ownership.fromAddress(clientIp) : deps.ownership
    const asked = await askStoredSheba(db, ownership, order)
    const now = clock.now()
    const month = String(now.getUTCMonth() + 1).padStart(2, '0')
    const key = `payment-documents/${now.getUTCFullYear()}/${month}/${randomUUID()}`
    await storage.put(key, file.data, type)
    return saveOrDiscardFile(storage, key, logger, () =>
      db.transaction(async (trx) => {
        // The order's row lock serialises uploads to one order, so the cap holds under races.
        const locked = await visibleOrder(trx, user, orderId, true)
        if ((await OrderDocument.countFor(trx, orderId)) >= MAX_DOCUMENTS_PER_ORDER) {
          throw new ApiError(409, DOCUMENT_MESSAGES.tooMany, 'too_many_documents')
        }
        const row = await OrderDocument.insertReturningRow(trx, {
          payment_id: orderId,
          uploaded_by_user_id: user.id,
          storage_key: key,
          file_name: sanitizeFileName(file.clientName, type),
          content_type: type,
          size_bytes: file.size,
          created_at: now,
        })
        if (!row) throw new Error('insert returned no row')
        const current = await applyShebaAnswer(trx, locked, asked, now)
        // A cash-out waiting for its details goes to staff once this was the last one (ADR 017).
        if (current.stage === 'awaiting_payout_details') {
          await advancePayout(trx, current, {
            actor: locked.user_id === user.id ? 'customer' : 'staff',
            actorUserId: user.id,
            now,
            submit: false,
          })
        }
        return row
      }),
    )
  }

  async function list(user: User, orderId: number): Promise<OrderDocumentRow[]> {
    await visibleOrder(db, user, orderId)
    return OrderDocument.rowsWhere(db, { payment_id: orderId })
  }

  async function open(
    user: User,
    orderId: number,
    documentId: number,
  ): Promise<{ document: OrderDocumentRow; body: Readable }> {
    await visibleOrder(db, user, orderId)
    const document = await OrderDocument.firstWhere(db, { id: documentId, payment_id: orderId })
    if (!document) throw notFound()
    const body = await readStoredFile(storage.get(document.storage_key), {
      logger,
      context: { document_id: document.id, storage_key: document.storage_key },
      refusal: notFound,
    })
    return { document, body }
  }

  return { upload, list, open }
}

export type DocumentService = ReturnType<typeof createDocumentService>
