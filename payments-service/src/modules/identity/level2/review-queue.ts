import type { Knex } from 'knex'
import { IdentityDocument } from '../../../models/identity-document.model.ts'
import { IdentityReview } from '../../../models/identity-review.model.ts'
import type { ReviewStatus } from '@arzpol/contracts/identity/review'
import { levelOf } from '../limits.ts'
import type { Level2Deps } from './deps.ts'
import { notFound, reviewSummaryBody, staffIdentityOf } from './review-views.ts'

export async function listReviews(
  deps: Pick<Level2Deps, 'db'>,
  query: { status?: ReviewStatus | undefined; limit: number; offset: number },
) {
  // The queue is first come, first served; decided requests show the latest decisions first.
  const { count, rows } = await IdentityReview.summaryPage(deps.db, query)
  return { count, results: rows.map(reviewSummaryBody) }
}

/** One request as staff see it: the customer's level and level-1 data, and its documents. */
export async function reviewDetail(
  deps: Pick<Level2Deps, 'db'>,
  id: number,
  runner: Knex | Knex.Transaction = deps.db,
) {
  const row = await IdentityReview.summaryOf(runner, id)
  if (!row) throw notFound()
  // One after another: `runner` may be a transaction, whose one connection takes one query.
  const level = await levelOf(runner, row.user_id)
  const identity = await staffIdentityOf(runner, row.user_id)
  const documents = await IdentityDocument.rowsWhere(runner, { review_id: id })
  return {
    ...reviewSummaryBody(row),
    level,
    identity,
    documents: documents.map((doc) => ({
      id: doc.id,
      kind: doc.kind,
      content_type: doc.content_type,
      size_bytes: doc.size_bytes,
      created_at: doc.created_at,
    })),
  }
}
