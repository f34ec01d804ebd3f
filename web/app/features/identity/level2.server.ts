import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_DOCUMENT_MESSAGES,
} from '@arzpol/contracts/identity/documents'
import { readDocumentForm } from '~/features/orders/documents.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { identityFailure, uploadIdentityDocument } from './identity.server.ts'
import { IDENTITY_TEXTS } from './identity-texts.ts'

/**
 * A level-2 document from the customer's form (the page's plain multipart post, or the same form
 * sent by XMLHttpRequest for the progress bar): read with the upload limit enforced while
 * reading, checked for a kind and a file, and sent on to payments-service, which reads the type
 * from the bytes and answers its refusals in Persian.
 */

export type Level2UploadResult = { ok: true } | { ok: false; status: number; errors: FormErrors }

const fieldError = (field: string, message: string, status = 400): Level2UploadResult => ({
  ok: false,
  status,
  errors: { form: [], fields: { [field]: [message] } },
})

export const readLevel2Form = readDocumentForm

export async function submitLevel2Document(
  request: Request,
  token: string,
  submitted: { form: FormData; tooLarge: boolean },
): Promise<Level2UploadResult> {
  if (submitted.tooLarge) return fieldError('file', IDENTITY_DOCUMENT_MESSAGES.fileTooLarge, 413)
  const kind = String(submitted.form.get('kind') ?? '')
  if (!(IDENTITY_DOCUMENT_KINDS as readonly string[]).includes(kind)) {
    return fieldError('kind', IDENTITY_DOCUMENT_MESSAGES.kindRequired)
  }
  const value = submitted.form.get('file')
  // An empty file input still submits a part: a nameless, empty file.
  const file = value instanceof Blob && value.size > 0 ? (value as File) : null
  if (!file) return fieldError('file', IDENTITY_TEXTS.noFile)
  const result = await uploadIdentityDocument(request, token, kind, file)
  if (result.ok) return { ok: true }
  if (result.status === 413) return fieldError('file', IDENTITY_DOCUMENT_MESSAGES.fileTooLarge, 413)
  const clientError = result.status >= 400 && result.status < 500
  return {
    ok: false,
    status: clientError ? result.status : 502,
    errors: identityFailure(result, IDENTITY_TEXTS.documentFailed, ['kind', 'file']),
  }
}
