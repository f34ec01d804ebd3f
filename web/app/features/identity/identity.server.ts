import type { ApiErrorBody } from '@arzpol/contracts'
import { LimitRefusalOut } from '@arzpol/contracts/identity/customer'
import { call, type PaymentsFailure } from '~/features/api/payments-client.server.ts'
import type { FormErrors } from '~/utils/form-errors.ts'
import { errorsFromApi } from '~/utils/form-errors.ts'
import {
  cardListSchema,
  cardSchema,
  documentUploadSchema,
  identityStatusSchema,
} from './identity-schemas.ts'
import { IDENTITY_TEXTS } from './identity-texts.ts'

/**
 * The customer's identity calls (ADR 022) through the one client with the customer's
 * token: the level, its limits, the next level and the level-2 request (`GET /api/me/identity/`),
 * the level-1 form, the bank cards and the level-2 documents. Answers are parsed with the
 * contract's schemas; refusals come back as values.
 */

export const getIdentity = (request: Request, token: string) =>
  call(request, '/api/me/identity/', { token, schema: identityStatusSchema })

export const verifyLevel1 = (
  request: Request,
  token: string,
  body: { first_name: string; last_name: string; national_code: string; birth_date: string },
) =>
  call(request, '/api/me/identity/', { method: 'POST', token, body, schema: identityStatusSchema })

export const listCards = (request: Request, token: string) =>
  call(request, '/api/me/identity/cards/', { token, schema: cardListSchema })

export const addCard = (request: Request, token: string, cardNumber: string) =>
  call(request, '/api/me/identity/cards/', {
    method: 'POST',
    token,
    body: { card_number: cardNumber },
    schema: cardSchema,
  })

export const removeCard = (request: Request, token: string, id: number) =>
  call(request, `/api/me/identity/cards/${id}/`, { method: 'DELETE', token, schema: null })

/** One level-2 document, sent on as multipart; payments-service sniffs the type from the bytes. */
export function uploadIdentityDocument(request: Request, token: string, kind: string, file: File) {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', file, file.name || 'document')
  return call(request, '/api/me/identity/documents/', {
    method: 'POST',
    token,
    form,
    schema: documentUploadSchema,
  })
}

/**
 * A refused identity call as form errors: field errors beside their fields (`fields` are the
 * form's names, which are the API's), a 403's, 409's or 503's Persian `detail` above the form. An
 * outage or an unreadable answer gets our own text.
 */
export function identityFailure(
  result: Pick<PaymentsFailure, 'status' | 'body' | 'unreachable'>,
  fallback: string,
  fields: readonly string[] = [],
): FormErrors {
  if (result.unreachable || result.status === 502 || !result.body) {
    return { form: [IDENTITY_TEXTS.unavailable], fields: {} }
  }
  return errorsFromApi(result.body, fallback, Object.fromEntries(fields.map((f) => [f, f])))
}

/** The 403 `identity_limit` body of an order above the customer's limit, or null. */
export function limitRefusalOf(body: ApiErrorBody | null | undefined) {
  const parsed = LimitRefusalOut.safeParse(body)
  return parsed.success ? parsed.data : null
}
