import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError } from '../../http/errors.ts'
import { readStoredFile } from '../../http/stored-files.ts'
import type { Clock } from '../../lib/clock.ts'
import { CustomerIdentity } from '../../models/customer-identity.model.ts'
import { IdentityDocument } from '../../models/identity-document.model.ts'
import {
  IdentityReview,
  IdentityReviewAudit,
  type ReviewSummaryRow,
} from '../../models/identity-review.model.ts'
import type { User } from '../../models/user.model.ts'
import type { SealedFiles } from '../../storage/sealed.ts'
import { REVIEW_MESSAGES, type ReviewStatus } from '@arzpol/contracts/identity/review'
import { levelOf, lockCustomer } from './limits.ts'
import { refuseOwnAccount } from '../users/own-account.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'

/**
 * Level 2, the staff side (issue 18, ADR 025): the queue of complete requests, one request with
 * the customer's level-1 data and documents, opening a document (each opening on record), and
 * the decision. A decision is taken once: under the customer's row lock the request moves from
 * `pending` only, so of two staff deciding at once one wins and the other gets 409.
 */

const notFound = () => new ApiError(404, REVIEW_MESSAGES.notFound, 'not_found')

/** The staff member who acted, as the API shows them; null when nobody (or a deleted account) did. */
export const staffRef = (id: number | null, username: string | null) =>
  id !== null && username !== null ? { id, username } : null

export const reviewSummaryBody = (row: ReviewSummaryRow) => ({
  id: row.id,
  status: row.status as ReviewStatus,
  customer: { id: row.user_id, phone: row.phone, username: row.username },
  // Every listed request was submitted (the queue leaves out those still collecting).
  submitted_at: row.submitted_at ?? row.created_at,
  decided_at: row.decided_at,
  decided_by: staffRef(row.decided_by_user_id, row.decided_by_username),
  reason: row.reason,
})

/** Level-1 data with the national code in full: staff compare it with the card in the photo. */
export async function staffIdentityOf(runner: Knex | Knex.Transaction, userId: number) {
  const row = await CustomerIdentity.of(runner, userId)
  return row
    ? {
        first_name: row.first_name,
        last_name: row.last_name,
        national_code: row.national_code,
        birth_date: row.birth_date_jalali,
        verified_at: row.level1_at,
      }
    : null
}

export function createIdentityReviewService(deps: {
  db: Knex
  clock: Clock
  logger: Logger
  files: SealedFiles
}) {
  const { db, clock, logger, files } = deps

  async function list(query: { status?: ReviewStatus | undefined; limit: number; offset: number }) {
    // The queue is first come, first served; decided requests show the latest decisions first.
    const { count, rows } = await IdentityReview.summaryPage(db, query)
    return { count, results: rows.map(reviewSummaryBody) }
  }

  async function detail(id: number, runner: Knex | Knex.Transaction = db) {
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

  /**
   * The decrypted photo. The opening is recorded before the file is read: an audit row for an
   * opening that then failed is harmless, a photo shown without one is not.
   */
  async function reveal(staff: User, reviewId: number, documentId: number) {
    const document = await IdentityDocument.revealable(db, reviewId, documentId)
    if (!document) throw notFound()
    refuseOwnAccount(staff, document.user_id)
    await db.transaction(async (trx) => {
      const now = clock.now()
      await IdentityReviewAudit.record(trx, {
        review_id: reviewId,
        user_id: document.user_id,
        action: 'document_revealed',
        actor_user_id: staff.id,
        document_id: document.id,
        created_at: now,
      })
      await appendStaffAudit(trx, {
        actor: staff,
        action: 'identity_document_revealed',
        subject: { type: 'identity_review', id: reviewId },
        data: { customer_id: document.user_id, document_id: document.id },
        at: now,
      })
    })
    const data = await readStoredFile(files.get(document.storage_key, document.key_id), {
      logger,
      context: { document_id: document.id, storage_key: document.storage_key },
      refusal: notFound,
    })
    return { document, data }
  }

  async function decide(
    staff: User,
    id: number,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
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
        if (raised !== 1)
          throw new Error(`review ${id}: customer ${found.user_id} is not at level 1`)
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
      return detail(id, trx)
    })
  }

  return { list, detail, reveal, decide }
}

export type IdentityReviewService = ReturnType<typeof createIdentityReviewService>
