import type { Knex } from 'knex'
import { IdentityDocument } from '../../../models/identity-document.model.ts'
import { IdentityReview, IdentityReviewAudit } from '../../../models/identity-review.model.ts'
import type { User } from '../../../models/user.model.ts'
import type { ReviewStatus } from '@arzpol/contracts/identity/review'
import { levelOf } from '../limits.ts'
import type { Level2Deps } from './deps.ts'
import { currentDocuments, documentBody, newestOfEachKind } from './document-rows.ts'
import { notFound, reviewSummaryBody, staffIdentityOf } from './review-views.ts'

export async function listReviews(
  deps: Pick<Level2Deps, 'db'>,
  query: { status?: ReviewStatus | undefined; limit: number; offset: number },
) {
  // The queue is first come, first served; decided requests show the latest decisions first.
  const { count, rows } = await IdentityReview.summaryPage(deps.db, query)
  return { count, results: rows.map(reviewSummaryBody) }
}

/**
 * One request as `viewer` sees it: the customer's level and level-1 data, and its documents,
 * each saying whether `viewer` has opened it and whether a newer photo of its kind replaced it.
 */
export async function reviewDetail(
  deps: Pick<Level2Deps, 'db'>,
  viewer: Pick<User, 'id'>,
  id: number,
  runner: Knex | Knex.Transaction = deps.db,
) {
  const row = await IdentityReview.summaryOf(runner, id)
  if (!row) throw notFound()
  // One after another: `runner` may be a transaction, whose one connection takes one query.
  const level = await levelOf(runner, row.user_id)
  const identity = await staffIdentityOf(runner, row.user_id)
  const documents = await IdentityDocument.rowsWhere(runner, { review_id: id })
  const current = new Set(newestOfEachKind(documents).map((doc) => doc.id))
  const opened = await IdentityReviewAudit.openedBy(runner, id, viewer.id)
  return {
    ...reviewSummaryBody(row),
    level,
    identity,
    documents: documents.map((doc) => ({
      ...documentBody(doc),
      opened_by_you: opened.has(doc.id),
      replaced: !current.has(doc.id),
    })),
  }
}

/**
 * The request's current photos (the newest of each kind) `staff` has not opened: what stands
 * between them and an approval, whether they propose it or approve the proposal.
 */
export async function unopenedBy(
  runner: Knex | Knex.Transaction,
  reviewId: number,
  staff: Pick<User, 'id'>,
) {
  const opened = await IdentityReviewAudit.openedBy(runner, reviewId, staff.id)
  return (await currentDocuments(runner, reviewId)).filter((doc) => !opened.has(doc.id))
}
