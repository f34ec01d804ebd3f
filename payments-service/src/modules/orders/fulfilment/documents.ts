import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { toLatinDigits } from '@arzpol/shared'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { z } from 'zod'
import { ApiError } from '../../../http/errors.ts'
import { defineRoute, reply, type Api } from '../../../http/route.ts'
import type { Clock } from '../../../lib/clock.ts'
import { Payment } from '../../../models/payment.model.ts'
import type { User } from '../../../models/user.model.ts'
import { StoredFileNotFound, type FileStorage } from '../../../storage/index.ts'
// The tickets module's upload helpers (busboy with the size limit while streaming, magic-byte
// type detection, file-name cleaning, Content-Disposition); reused, not copied.
import {
  contentDisposition,
  MAX_ATTACHMENT_BYTES,
  readMultipart,
  sanitizeFileName,
  UploadedFile,
} from '../../../http/uploads.ts'
import { isStaff } from '../orders.service.ts'
import { advancePayout } from './payout-details.ts'
import type { Stage } from '../state-machine.ts'

/** Order documents accept no GIFs (ticket attachments do): scans and papers only. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
const isDocumentType = (type: string | null): type is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(type ?? '')

export const MAX_DOCUMENTS_PER_ORDER = 20
/** A customer adds papers while the order is alive; staff may add them at any stage. */
const OPEN_STAGES: readonly Stage[] = [
  'awaiting_payment',
  'awaiting_payout_details',
  'paid',
  'in_progress',
]

export const DOCUMENT_MESSAGES = {
  fileRequired: 'فایل لازم است',
  fileEmpty: 'فایل خالی است',
  fileType: 'نوع فایل مجاز نیست. فقط PDF یا تصویر (PNG، JPEG، WebP) بفرستید.',
  tooMany: `برای هر سفارش حداکثر ${MAX_DOCUMENTS_PER_ORDER.toLocaleString('fa-IR')} مدرک می‌توان فرستاد.`,
  closed: 'این سفارش بسته شده است و مدرک جدید نمی‌پذیرد.',
  notFound: 'یافت نشد',
} as const

export interface PaymentDocumentRow {
  id: number
  payment_id: number
  uploaded_by_user_id: number | null
  storage_key: string
  file_name: string
  content_type: DocumentType
  size_bytes: number
  created_at: Date
}

const notFound = () => new ApiError(404, DOCUMENT_MESSAGES.notFound, 'not_found')

export function createDocumentService(deps: {
  db: Knex
  clock: Clock
  logger: Logger
  storage: FileStorage
}) {
  const { db, clock, logger, storage } = deps

  /** The order if `user` owns it or is staff; 404 (never 403) otherwise, so ids can't be probed. */
  async function visibleOrder(trx: Knex | Knex.Transaction, user: User, id: number, lock = false) {
    let query = Payment.query(trx).findById(id)
    if (lock) query = query.forUpdate()
    const payment = await query
    if (!payment || (payment.user_id !== user.id && !isStaff(user))) throw notFound()
    return payment
  }

  async function upload(user: User, paymentId: number, file: UploadedFile) {
    // Cheap checks first, so a refused upload never reaches the storage.
    const order = await visibleOrder(db, user, paymentId)
    if (!isStaff(user) && !OPEN_STAGES.includes(order.stage)) {
      throw new ApiError(409, DOCUMENT_MESSAGES.closed, 'order_closed')
    }
    const type = file.type
    if (!isDocumentType(type)) throw new Error('upload: type checked by the schema')
    const now = clock.now()
    const month = String(now.getUTCMonth() + 1).padStart(2, '0')
    const key = `payment-documents/${now.getUTCFullYear()}/${month}/${randomUUID()}`
    await storage.put(key, file.data, type)
    try {
      return await db.transaction(async (trx) => {
        // The order's row lock serialises uploads to one order, so the cap holds under races.
        const locked = await visibleOrder(trx, user, paymentId, true)
        const count = await trx('payment_documents')
          .where({ payment_id: paymentId })
          .count({ n: '*' })
          .first()
        if (Number(count?.n ?? 0) >= MAX_DOCUMENTS_PER_ORDER) {
          throw new ApiError(409, DOCUMENT_MESSAGES.tooMany, 'too_many_documents')
        }
        const [row] = (await trx('payment_documents')
          .insert({
            payment_id: paymentId,
            uploaded_by_user_id: user.id,
            storage_key: key,
            file_name: sanitizeFileName(file.clientName, type),
            content_type: type,
            size_bytes: file.size,
            created_at: now,
          })
          .returning('*')) as PaymentDocumentRow[]
        if (!row) throw new Error('insert returned no row')
        // A cash-out waiting for its details goes to staff once this was the last one (ADR 017).
        if (locked.stage === 'awaiting_payout_details') {
          await advancePayout(trx, locked, {
            actor: locked.user_id === user.id ? 'customer' : 'staff',
            actorUserId: user.id,
            now,
            submit: false,
          })
        }
        return row
      })
    } catch (error) {
      await storage.delete(key).catch((cleanupError: unknown) => {
        logger.error(
          { err: cleanupError, storage_key: key },
          'could not remove a document whose row was not saved',
        )
      })
      throw error
    }
  }

  async function list(user: User, paymentId: number): Promise<PaymentDocumentRow[]> {
    await visibleOrder(db, user, paymentId)
    return (await db('payment_documents')
      .where({ payment_id: paymentId })
      .orderBy('id')) as PaymentDocumentRow[]
  }

  async function open(
    user: User,
    paymentId: number,
    documentId: number,
  ): Promise<{ document: PaymentDocumentRow; body: Readable }> {
    await visibleOrder(db, user, paymentId)
    const document = (await db('payment_documents')
      .where({ id: documentId, payment_id: paymentId })
      .first()) as PaymentDocumentRow | undefined
    if (!document) throw notFound()
    try {
      return { document, body: await storage.get(document.storage_key) }
    } catch (error) {
      if (!(error instanceof StoredFileNotFound)) throw error
      logger.error(
        { document_id: document.id, storage_key: document.storage_key },
        'order document file missing',
      )
      throw notFound()
    }
  }

  return { upload, list, open }
}

export type DocumentService = ReturnType<typeof createDocumentService>

const id = z
  .string()
  .transform((value) => toLatinDigits(value))
  .pipe(z.string().regex(/^\d{1,15}$/))
  .transform(Number)
const OrderParams = z.object({ id })
const DocumentParams = z.object({ id, docId: id })

const documentFile = z
  .custom<UploadedFile>((value) => value instanceof UploadedFile, {
    error: DOCUMENT_MESSAGES.fileRequired,
  })
  .superRefine((file, ctx) => {
    if (file.size === 0) ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.fileEmpty })
    else if (!isDocumentType(file.type))
      ctx.addIssue({ code: 'custom', message: DOCUMENT_MESSAGES.fileType })
  })
  .meta({
    description: `PDF, PNG, JPEG or WebP, at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB; the type is read from the bytes, never the name or the client's MIME type`,
    type: 'string',
    format: 'binary',
  })

const DocumentOut = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  file_name: z.string(),
  content_type: z.enum(DOCUMENT_TYPES),
  size_bytes: z.number().int(),
  uploaded_by_user_id: z.number().int().nullable(),
  created_at: z.date(),
})

const documentBody = (row: PaymentDocumentRow) => ({
  id: row.id,
  payment_id: row.payment_id,
  file_name: row.file_name,
  content_type: row.content_type,
  size_bytes: row.size_bytes,
  uploaded_by_user_id: row.uploaded_by_user_id,
  created_at: row.created_at,
})

const TAGS = ['orders']

export function registerDocumentRoutes(api: Api, documents: DocumentService) {
  defineRoute(api, {
    method: 'post',
    path: '/api/payments/:id/documents/',
    operationId: 'payments_documents_create',
    summary: 'Attach a document to an order (multipart: `file`; owner or staff)',
    description:
      "PDF, PNG, JPEG or WebP recognised by their bytes (a renamed executable is refused with 400), at most 10 MB (413 `file_too_large`), 20 per order (409 `too_many_documents`). Customers only while the order is open (409 `order_closed`). Someone else's order answers 404.",
    tags: TAGS,
    auth: 'user',
    params: OrderParams,
    body: z.object({ file: documentFile }),
    multipart: { read: readMultipart, only: true },
    responses: { 201: { description: 'Stored', schema: DocumentOut } },
    errors: [404, 409, 413],
    handler: async (_ctx, { params, body, user }) =>
      reply(201, documentBody(await documents.upload(user, params.id, body.file))),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/payments/:id/documents/',
    operationId: 'payments_documents_list',
    summary: "An order's documents, oldest first (owner or staff)",
    tags: TAGS,
    auth: 'user',
    params: OrderParams,
    responses: { 200: { description: 'Documents', schema: z.array(DocumentOut) } },
    errors: [404],
    handler: async (_ctx, { params, user }) =>
      reply(200, (await documents.list(user, params.id)).map(documentBody)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/payments/:id/documents/:docId/download/',
    operationId: 'payments_documents_download',
    summary: 'Download one document of an order (owner or staff)',
    description:
      'Always `Content-Disposition: attachment` with the detected type, `X-Content-Type-Options: nosniff` and a sandboxing CSP.',
    tags: TAGS,
    auth: 'user',
    params: DocumentParams,
    responses: {
      200: { description: 'The file', binary: { mediaTypes: [...DOCUMENT_TYPES] } },
    },
    errors: [404],
    handler: async (ctx, { params, user }) => {
      const { document, body } = await documents.open(user, params.id, params.docId)
      ctx.type = document.content_type
      ctx.length = document.size_bytes
      ctx.set('Content-Disposition', contentDisposition(document.file_name))
      ctx.set('X-Content-Type-Options', 'nosniff')
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox")
      ctx.set('Cache-Control', 'private, no-store')
      return reply(200, body)
    },
  })
}
