import type { Knex } from 'knex'
import { IdentityReview } from '../../../models/identity-review.model.ts'
import { IDENTITY_DOCUMENT_KINDS, type Level2Status } from '@arzpol/contracts/identity/documents'
import { levelOf } from '../limits.ts'
import { currentDocuments, documentBody } from './document-rows.ts'

/**
 * Where the customer's level 2 stands, as `GET /api/me/identity/` and an upload's answer show it:
 * the status, a rejection's reason, the documents in and the kinds still missing.
 */
export async function level2Of(runner: Knex | Knex.Transaction, userId: number) {
  const [level, review] = await Promise.all([
    levelOf(runner, userId),
    IdentityReview.latestOf(runner, userId),
  ])
  const documents =
    review && review.status !== 'approved' && review.status !== 'rejected'
      ? await currentDocuments(runner, review.id)
      : []
  // A rejection stays on show, with its reason, until the next request goes to review.
  const shown =
    review?.status === 'collecting'
      ? await IdentityReview.latestOtherThan(runner, userId, review.id)
      : review
  const status: Level2Status =
    level >= 2
      ? 'approved'
      : shown?.status === 'pending' || shown?.status === 'rejected'
        ? shown.status
        : 'none'
  return {
    status,
    reason: status === 'rejected' ? (shown?.reason ?? null) : null,
    decided_at: status === 'rejected' || status === 'approved' ? (shown?.decided_at ?? null) : null,
    documents: documents.map(documentBody),
    missing:
      status === 'approved' || status === 'pending'
        ? []
        : IDENTITY_DOCUMENT_KINDS.filter((kind) => !documents.some((row) => row.kind === kind)),
    can_upload: level === 1 && review?.status !== 'pending',
  }
}
