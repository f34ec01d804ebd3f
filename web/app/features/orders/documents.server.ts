import type { ApiErrorBody } from '@arzpol/shared'
import { formatNumberFa } from '@arzpol/shared'
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from '@remix-run/node'
import { z } from 'zod'
import { getEnv } from '~/utils/env.server.ts'
import { readFormData, unreadableForm } from '~/utils/form-data.server.ts'
import { forwardedHeaders } from '~/utils/request-meta.server.ts'

/**
 * An order's documents (cash-out income papers) through payments-service's
 * `/api/payments/{id}/documents/` calls, server to server with the customer's token. The
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

const TIMEOUT_MS = 10_000
const UPLOAD_TIMEOUT_MS = 60_000

const documentSchema = z.object({
  id: z.number(),
  payment_id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
})
export type OrderDocument = z.output<typeof documentSchema>

const base = () => getEnv().PAYMENTS_URL.replace(/\/+$/, '')

function headersFor(request: Request, token: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Accept-Language': 'fa',
    Authorization: `Bearer ${token}`,
    ...forwardedHeaders(request),
  }
}

/** The order's documents, or null when they cannot be read (the page still shows the order). */
export async function listDocuments(
  request: Request,
  token: string,
  orderId: number,
): Promise<OrderDocument[] | null> {
  try {
    const response = await fetch(`${base()}/api/payments/${orderId}/documents/`, {
      headers: headersFor(request, token),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!response.ok) return null
    const parsed = z.array(documentSchema).safeParse(await response.json())
    return parsed.success ? parsed.data : null
  } catch (error) {
    console.error(`web: documents of order ${orderId} could not be read:`, error)
    return null
  }
}

/**
 * The posted form: multipart (the file, limit enforced while reading) or urlencoded (a form
 * without a file). `tooLarge` when the file passed the limit.
 */
export async function readDocumentForm(
  request: Request,
): Promise<{ form: FormData; tooLarge: boolean }> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.startsWith('multipart/form-data')) {
    return { form: await readFormData(request), tooLarge: false }
  }
  try {
    const form = await parseMultipartFormData(
      request,
      createMemoryUploadHandler({ maxPartSize: MAX_DOCUMENT_BYTES }),
    )
    return { form, tooLarge: false }
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { form: new FormData(), tooLarge: true }
    // A broken multipart body (a file name with a line break, a cut boundary): the client's.
    throw unreadableForm()
  }
}

export type UploadResult = { ok: true } | { ok: false; status: number; errors: string[] }

/** Every Persian message in an error body (field lists and `detail`). */
function messagesOf(body: ApiErrorBody | null): string[] {
  if (!body || typeof body !== 'object') return []
  return Object.entries(body).flatMap(([key, value]) => {
    if (key === 'code' || key === 'retry_after') return []
    if (typeof value === 'string') return [value]
    if (Array.isArray(value))
      return value.filter((item): item is string => typeof item === 'string')
    return []
  })
}

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
  let response: Response
  try {
    response = await fetch(`${base()}/api/payments/${orderId}/documents/`, {
      method: 'POST',
      headers: headersFor(request, token),
      body: upstream,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    })
  } catch (error) {
    console.error(`web: document upload for order ${orderId} failed:`, error)
    return { ok: false, status: 503, errors: [DOCUMENT_MESSAGES.failed] }
  }
  if (response.ok) {
    await response.body?.cancel()
    return { ok: true }
  }
  let body: ApiErrorBody | null = null
  try {
    body = (await response.json()) as ApiErrorBody
  } catch {
    body = null
  }
  if (response.status === 413)
    return { ok: false, status: 413, errors: [DOCUMENT_MESSAGES.tooLarge] }
  const status = response.status >= 400 && response.status < 500 ? response.status : 502
  const errors = response.status < 500 ? messagesOf(body) : []
  return { ok: false, status, errors: errors.length > 0 ? errors : [DOCUMENT_MESSAGES.failed] }
}

/** The raw download answer, to be streamed on to the browser; null when unreachable. */
export async function fetchDocument(
  request: Request,
  token: string,
  orderId: number,
  documentId: number,
): Promise<Response | null> {
  try {
    return await fetch(`${base()}/api/payments/${orderId}/documents/${documentId}/download/`, {
      headers: headersFor(request, token),
      redirect: 'manual',
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    })
  } catch (error) {
    console.error(`web: document ${documentId} download failed:`, error)
    return null
  }
}
