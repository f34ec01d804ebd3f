import { ApiError } from '../../../http/errors.ts'
import { CustomerIdentity } from '../../../models/customer-identity.model.ts'
import { IdentityReview, IdentityReviewAudit } from '../../../models/identity-review.model.ts'
import type { User } from '../../../models/user.model.ts'
import { REVIEW_MESSAGES } from '@arzpol/contracts/identity/review'
import { lockCustomer } from '../limits.ts'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { appendStaffAudit } from '../../staff-audit/chain.ts'
import type { Level2Deps } from './deps.ts'
import { reviewDetail } from './review-queue.ts'
import { notFound } from './review-views.ts'

/**
 * The decision. A decision is taken once: under the customer's row lock the request moves from
 * `pending` only, so of two staff deciding at once one wins and the other gets 409.
 */
export async function decideReview(
  deps: Pick<Level2Deps, 'db' | 'clock'>,
  staff: User,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const { db, clock } = deps
  const found = await IdentityReview.ownerAndStatusOf(db, id)
  if (!found || found.status === 'collecting') throw notFound()
  refuseOwnAccount(staff, found.user_id)
  return db.transaction(async (trx) => {
    // The customer's row first (ADR 014's lock order), as the customer's uploads take it.
    await lockCustomer(trx, found.user_id)
    const now = clock.now()
    const decided = await IdentityReview.decidePending(trx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      reason: decision.approve ? null : decision.reason,
      decided_at: now,
      decided_by_user_id: staff.id,
    })
    if (decided === 0) throw new ApiError(409, REVIEW_MESSAGES.decided, 'already_decided')
    if (decision.approve) {
      // Level 2's limits apply to the next order: limits.ts reads this row under the same lock.
      const raised = await CustomerIdentity.raiseToLevel2(trx, found.user_id, now)
      if (raised !== 1) throw new Error(`review ${id}: customer ${found.user_id} is not at level 1`)
    }
    await IdentityReviewAudit.record(trx, {
      review_id: id,
      user_id: found.user_id,
      action: decision.approve ? 'approved' : 'rejected',
      actor_user_id: staff.id,
      reason: decision.approve ? null : decision.reason,
      created_at: now,
    })
    await appendStaffAudit(trx, {
      actor: staff,
      action: 'identity_review_decided',
      subject: { type: 'identity_review', id },
      data: {
        customer_id: found.user_id,
        decision: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
      },
      at: now,
    })
    return reviewDetail(deps, id, trx)
  })
}
