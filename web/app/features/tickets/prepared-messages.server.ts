import { PreparedMessageBody, PreparedMessageOut } from '@arzpol/contracts/tickets/staff'
import { z } from 'zod'
import { call } from '~/features/api/payments-client.server.ts'
import { FORM_MESSAGES } from '~/features/staff/staff-forms.server.ts'

/**
 * Support's prepared messages (saved answers, pinned ones first in the reply form): writing,
 * editing, pinning and deleting them, through payments-service's staff calls. The form checks
 * the same contract as payments-service does.
 */

export const PREPARED_INTENTS = ['create', 'update', 'pin', 'unpin', 'delete'] as const
export type PreparedIntent = (typeof PREPARED_INTENTS)[number]

/** A message's number from its form: a tampered one is refused in Persian. */
const messageId = z.coerce
  .number({ error: FORM_MESSAGES.unknownAction })
  .int(FORM_MESSAGES.unknownAction)
  .positive(FORM_MESSAGES.unknownAction)

export const preparedIdSchema = z.object({ id: messageId })
export const preparedEditSchema = PreparedMessageBody.extend({ id: messageId })
export { PreparedMessageBody as preparedCreateSchema }

const path = (id?: number, action?: 'pin' | 'unpin') =>
  `/api/staff/prepared-messages/${id ? `${id}/` : ''}${action ? `${action}/` : ''}`

export const createPrepared = (
  request: Request,
  token: string,
  body: { title: string; content: string },
) => call(request, path(), { method: 'POST', token, body, schema: PreparedMessageOut })

export const updatePrepared = (
  request: Request,
  token: string,
  id: number,
  body: { title: string; content: string },
) => call(request, path(id), { method: 'PATCH', token, body, schema: PreparedMessageOut })

export const pinPrepared = (request: Request, token: string, id: number, pin: boolean) =>
  call(request, path(id, pin ? 'pin' : 'unpin'), {
    method: 'POST',
    token,
    schema: PreparedMessageOut,
  })

export const deletePrepared = (request: Request, token: string, id: number) =>
  call(request, path(id), { method: 'DELETE', token, schema: null })
