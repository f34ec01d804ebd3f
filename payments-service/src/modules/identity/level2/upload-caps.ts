import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import { IdentityDocument } from '../../../models/identity-document.model.ts'
import { IDENTITY_DOCUMENT_MESSAGES as MESSAGES } from '@arzpol/contracts/identity/documents'

/**
 * Caps on one customer's uploads (ADR 025): each one is a sealed object we store and staff may
 * open, so a script with one stolen session must not fill the store or bury a review.
 */
export interface IdentityUploadCaps {
  perHour: number
  /** Documents one request may hold, re-uploads included (only the newest of each kind counts). */
  perRequest: number
}

const RETRY_AFTER_SECONDS = 3600

/**
 * Refuses an upload past a cap. Asked before the file is sealed and stored (a refused upload
 * costs no storage), and again under the customer's lock, where concurrent uploads of one
 * customer are counted one after the other.
 */
export async function refuseBeyondCaps(
  caps: IdentityUploadCaps,
  runner: Knex | Knex.Transaction,
  userId: number,
  openReviewId: number | undefined,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - 3600_000)
  if ((await IdentityDocument.countSince(runner, userId, since)) >= caps.perHour) {
    throw new ApiError(429, MESSAGES.tooManyUploads, 'too_many_uploads', {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    })
  }
  if (
    openReviewId !== undefined &&
    (await IdentityDocument.countInReview(runner, openReviewId)) >= caps.perRequest
  ) {
    throw new ApiError(409, MESSAGES.tooManyInRequest, 'too_many_documents')
  }
}
