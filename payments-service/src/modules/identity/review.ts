import type { ReviewDeps } from './level2/deps.ts'
import { approveReviewAsProposed, decideReview } from './level2/decide-review.ts'
import { reviewDetail, listReviews } from './level2/review-queue.ts'
import { revealDocument } from './level2/reveal-document.ts'

export { reviewSummaryBody, staffIdentityOf } from './level2/review-views.ts'

/**
 * Level 2, the staff side (ADR 025): the queue of complete requests, one request with
 * the customer's level-1 data and documents, opening a document (each opening on record), and
 * the decision (level2/decide-review.ts).
 */
export function createIdentityReviewService(deps: ReviewDeps) {
  return {
    list: listReviews.bind(null, deps),
    detail: reviewDetail.bind(null, deps),
    reveal: revealDocument.bind(null, deps),
    decide: decideReview.bind(null, deps),
    /** How an approved level-2 proposal is carried out. */
    executors: { identity_level2: approveReviewAsProposed(deps) },
  }
}

export type IdentityReviewService = ReturnType<typeof createIdentityReviewService>
