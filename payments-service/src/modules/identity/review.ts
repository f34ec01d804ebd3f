import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError } from '../../http/errors.ts'
import { readStoredFile } from '../../http/stored-files.ts'
import type { Clock } from '../../lib/clock.ts'
import type { User } from '../../models/user.model.ts'
import type { SealedFiles } from '../../storage/sealed.ts'
import { REVIEW_MESSAGES, type ReviewStatus } from '@arzpol/contracts/identity/review'
import type { IdentityDocumentRow, ReviewRow } from './documents.ts'
import { levelOf, lockCustomer } from './limits.ts'

/**
 * Level 2, the staff side (issue 18, ADR 025): the queue of complete requests, one request with
 * the customer's level-1 data and documents, opening a document (each opening on record), and
 * the decision. A decision is taken once: under the customer's row lock the request moves from
 * `pending` only, so of two staff deciding at once one wins and the other gets 409.
 */

const notFound = () => new ApiError(404, REVIEW_MESSAGES.notFound, 'not_found')

export interface ReviewSummaryRow extends ReviewRow {
  phone: string
  username: string
  decided_by_username: string | null
}

/** A request as the queue lists it (collecting ones are the customer's business, not staff's). */
export const reviewSummaryQuery = (runner: Knex | Knex.Transaction) =>
  runner('identity_reviews as r')
    .join('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by_user_id')
    .whereNot('r.status', 'collecting')

export const REVIEW_SUMMARY_COLUMNS = [
  'r.*',
  'u.phone',
  'u.username',
  'd.username as decided_by_username',
]

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
  const row = (await runner('customer_identities').where({ user_id: userId }).first()) as
    | {
        first_name: string
        last_name: string
        national_code: string
        birth_date_jalali: string
        level1_at: Date
      }
    | undefined
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
    const base = reviewSummaryQuery(db)
    if (query.status) base.where('r.status', query.status)
    const [total] = await base.clone().count<Array<{ count: string | number }>>('* as count')
    // The queue is first come, first served; decided requests show the latest decisions first.
    const order =
      query.status === 'pending'
        ? [
            { column: 'r.submitted_at', order: 'asc' as const },
            { column: 'r.id', order: 'asc' as const },
          ]
        : [
            { column: 'r.submitted_at', order: 'desc' as const },
            { column: 'r.id', order: 'desc' as const },
          ]
    const rows = (await base
      .select(REVIEW_SUMMARY_COLUMNS)
      .orderBy(order)
      .limit(query.limit)
      .offset(query.offset)) as ReviewSummaryRow[]
    return { count: Number(total?.count ?? 0), results: rows.map(reviewSummaryBody) }
  }

  async function detail(id: number, runner: Knex | Knex.Transaction = db) {
    const row = (await reviewSummaryQuery(runner)
      .where('r.id', id)
      .first(REVIEW_SUMMARY_COLUMNS)) as ReviewSummaryRow | undefined
    if (!row) throw notFound()
    // One after another: `runner` may be a transaction, whose one connection takes one query.
    const level = await levelOf(runner, row.user_id)
    const identity = await staffIdentityOf(runner, row.user_id)
    const documents = (await runner('identity_documents')
      .where({ review_id: id })
      .orderBy('id')) as IdentityDocumentRow[]
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
    const document = (await db('identity_documents as doc')
      .join('identity_reviews as r', 'r.id', 'doc.review_id')
      .where({ 'doc.id': documentId, 'doc.review_id': reviewId })
      .whereNot('r.status', 'collecting')
      .first('doc.*')) as IdentityDocumentRow | undefined
    if (!document) throw notFound()
    await db('identity_review_audit').insert({
      review_id: reviewId,
      user_id: document.user_id,
      action: 'document_revealed',
      actor_user_id: staff.id,
      document_id: document.id,
      created_at: clock.now(),
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
    const found = (await db('identity_reviews').where({ id }).first('user_id', 'status')) as
      Pick<ReviewRow, 'user_id' | 'status'> | undefined
    if (!found || found.status === 'collecting') throw notFound()
    return db.transaction(async (trx) => {
      // The customer's row first (ADR 014's lock order), as the customer's uploads take it.
      await lockCustomer(trx, found.user_id)
      const now = clock.now()
      const decided = await trx('identity_reviews')
        .where({ id, status: 'pending' })
        .update({
          status: decision.approve ? 'approved' : 'rejected',
          reason: decision.approve ? null : decision.reason,
          decided_at: now,
          decided_by_user_id: staff.id,
        })
      if (decided === 0) throw new ApiError(409, REVIEW_MESSAGES.decided, 'already_decided')
      if (decision.approve) {
        // Level 2's limits apply to the next order: limits.ts reads this row under the same lock.
        const raised = await trx('customer_identities')
          .where({ user_id: found.user_id, level: 1 })
          .update({ level: 2, updated_at: now })
        if (raised !== 1)
          throw new Error(`review ${id}: customer ${found.user_id} is not at level 1`)
      }
      await trx('identity_review_audit').insert({
        review_id: id,
        user_id: found.user_id,
        action: decision.approve ? 'approved' : 'rejected',
        actor_user_id: staff.id,
        reason: decision.approve ? null : decision.reason,
        created_at: now,
      })
      return detail(id, trx)
    })
  }

  return { list, detail, reveal, decide }
}

export type IdentityReviewService = ReturnType<typeof createIdentityReviewService>
