import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import { CustomerIdentity } from '../../../models/customer-identity.model.ts'
import { IdentityReview, IdentityReviewAudit } from '../../../models/identity-review.model.ts'
import type { User } from '../../../models/user.model.ts'
import { REVIEW_MESSAGES } from '@arzpol/contracts/identity/review'
import { lockCustomer } from '../limits.ts'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { appendStaffAudit } from '../../staff-audit/chain.ts'
import {
  approvedBy,
  type Approval,
  type DoneOrProposed,
  type ProposalExecutor,
} from '../../approvals/approval-deps.ts'
import type { ReviewDeps } from './deps.ts'
import { reviewDetail, unopenedBy } from './review-queue.ts'
import { notFound } from './review-views.ts'

type Decided = DoneOrProposed<Awaited<ReturnType<typeof reviewDetail>>>

/**
 * The decision. A decision is taken once: under the customer's row lock the request moves from
 * `pending` only, so of two staff deciding at once one wins and the other gets 409.
 *
 * An approval raises a level, so one staff member only proposes it; it is taken when a second
 * one approves the proposal (ADR 039), which runs this again with `approval`. A rejection, which
 * raises nothing, is taken at once.
 */
export async function decideReview(
  deps: Pick<ReviewDeps, 'db' | 'clock' | 'approvals'>,
  staff: User,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  approval?: Approval,
): Promise<Decided> {
  const { db, clock } = deps
  const found = await IdentityReview.ownerAndStatusOf(db, id)
  if (!found || found.status === 'collecting') throw notFound()
  refuseOwnAccount(staff, found.user_id)
  return db.transaction(async (trx): Promise<Decided> => {
    // The customer's row first (ADR 014's lock order), as the customer's uploads take it.
    await lockCustomer(trx, found.user_id)
    const now = clock.now()
    if (decision.approve && !approval) {
      const current = await IdentityReview.ownerAndStatusOf(trx, id)
      if (current?.status !== 'pending') {
        throw new ApiError(409, REVIEW_MESSAGES.decided, 'already_decided')
      }
      await refuseUnseen(trx, id, staff)
      const proposed = await deps.approvals.propose(trx, staff, {
        kind: 'identity_level2',
        subject: { type: 'identity_review', id },
        orderId: null,
        customerId: found.user_id,
        amountIrr: null,
        notify: false,
        payload: { review_id: id },
        note: null,
      })
      return { proposed }
    }
    const decided = await IdentityReview.decidePending(trx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      reason: decision.approve ? null : decision.reason,
      decided_at: now,
      decided_by_user_id: staff.id,
    })
    if (decided === 0) throw new ApiError(409, REVIEW_MESSAGES.decided, 'already_decided')
    if (approval) await refuseUnseen(trx, id, approval.approver)
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
        ...approvedBy(approval),
      },
      at: now,
    })
    return { done: await reviewDetail(deps, staff, id, trx) }
  })
}

/** Who proposes an approval, and who approves it, have each looked at every photo themselves. */
async function refuseUnseen(trx: Knex.Transaction, reviewId: number, staff: User) {
  const unopened = await unopenedBy(trx, reviewId, staff)
  if (unopened.length > 0) {
    throw new ApiError(409, REVIEW_MESSAGES.documentsUnopened, 'documents_unopened', {
      body: { document_ids: unopened.map((doc) => doc.id) },
    })
  }
}

/** Takes an approved level-2 proposal's decision as its proposer's. */
export const approveReviewAsProposed =
  (deps: Omit<ReviewDeps, 'db'>): ProposalExecutor =>
  async (trx, proposer, payload, approval) => {
    const id = Number(payload.review_id)
    await decideReview({ ...deps, db: trx }, proposer, id, { approve: true }, approval)
  }
