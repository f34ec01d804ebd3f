import { formatNumberFa } from '@arzpol/contracts'
import { z } from 'zod'
import { call, errorMessages, stream } from '~/features/api/payments-client.server.ts'
import { readFormWithFile } from '~/utils/form-data.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import { documentSchema, type OrderDocument } from './order-schemas.ts'

/**
 * An order's documents (cash-out income papers) through payments-service's
 * `/api/payments/{id}/documents/` calls, through the one client with the customer's token. The
 * browser's multipart form (it works without JavaScript) is read here with the same 10 MB
 * limit payments-service enforces, and sent on as multipart; payments-service decides the type
 * by the file's bytes and answers its refusals in Persian, which are shown as they are.
 */

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024

export const DOCUMENT_MESSAGES = {
  noFile: 'فایلی برای بارگذاری انتخاب نشده است.',
  tooLarge: `حجم فایل نباید بیشتر از ${formatNumberFa(MAX_DOCUMENT_BYTES / 1024 / 1024)} مگابایت باشد.`,
  failed: 'بارگذاری مدرک انجام نشد. دوباره تلاش کنید.',
  uploaded: 'مدرک بارگذاری شد.',
} as const

/** The order's documents, or null when they cannot be read (the page still shows the order). */
export async function listDocuments(
  request: Request,
  token: string,
  orderId: number,
): Promise<OrderDocument[] | null> {
  const result = await call(request, `/api/payments/${orderId}/documents/`, {
    token,
    schema: z.array(documentSchema),
  })
  if (result.ok) return result.data
  getLogger().warn({ orderId, status: result.status }, 'order documents could not be read')
  return null
}

/** An order page's form post, with or without a document (see readFormWithFile). */
export function readDocumentForm(request: Request) {
  return readFormWithFile(request, MAX_DOCUMENT_BYTES)
}

export type UploadResult = { ok: true } | { ok: false; status: number; errors: string[] }

export async function uploadDocument(
  request: Request,
  token: string,
  orderId: number,
  submitted: { form: FormData; tooLarge: boolean },
): Promise<UploadResult> {
  if (submitted.tooLarge) return { ok: false, status: 413, errors: [DOCUMENT_MESSAGES.tooLarge] }
  const value = submitted.form.get('file')
  // An empty file input still submits a part: a nameless, empty file.
  const file = value instanceof Blob && value.size > 0 ? (value as File) : null
  if (!file) return { ok: false, status: 400, errors: [DOCUMENT_MESSAGES.noFile] }
  const upstream = new FormData()
  upstream.append('file', file, file.name || 'document')
  const result = await call(request, `/api/payments/${orderId}/documents/`, {
    method: 'POST',
    token,
    form: upstream,
    schema: null,
  })
  if (result.ok) return { ok: true }
  if (result.unreachable) return { ok: false, status: 503, errors: [DOCUMENT_MESSAGES.failed] }
  if (result.status === 413) return { ok: false, status: 413, errors: [DOCUMENT_MESSAGES.tooLarge] }
  const clientError = result.status >= 400 && result.status < 500
  const errors = clientError ? errorMessages(result.body) : []
  return {
    ok: false,
    status: clientError ? result.status : 502,
    errors: errors.length > 0 ? errors : [DOCUMENT_MESSAGES.failed],
  }
}

/** A document's download answer, to be streamed on to the browser; null when unreachable. */
export const fetchDocument = (
  request: Request,
  token: string,
  orderId: number,
  documentId: number,
) => stream(request, `/api/payments/${orderId}/documents/${documentId}/download/`, { token })
