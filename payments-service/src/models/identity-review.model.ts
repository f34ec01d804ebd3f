import type { Knex } from 'knex'
import type { IdentityDocumentKind } from '@arzpol/contracts/identity/documents'
import type { ReviewStatus } from '@arzpol/contracts/identity/review'
import type { ModelObject } from 'objection'
import { newestFirst, byTimeThenId } from '../db/newest-first.ts'
import { pageOf } from '../db/page.ts'
import { BaseModel } from './base.model.ts'

/** A submitted request's status (the contract's), or `collecting` before it is submitted. */
export type ReviewState = 'collecting' | ReviewStatus

/**
 * A level-2 request (ADR 025): `collecting` while the customer uploads, `pending` once
 * both kinds are in, then `approved` or `rejected` by staff. At most one open per customer.
 */
export class IdentityReview extends BaseModel {
  static override tableName = 'identity_reviews'

  declare id: number
  declare user_id: number
  declare status: ReviewState
  declare reason: string | null
  declare created_at: Date
  declare submitted_at: Date | null
  declare decided_at: Date | null
  declare decided_by_user_id: number | null

  /** The customer's newest request, if any. */
  static async latestOf(db: Knex, userId: number): Promise<ReviewRow | undefined> {
    return (await requestsOf(db, userId).first()) as ReviewRow | undefined
  }

  /** The customer's newest request other than `exceptId`, if any. */
  static async latestOtherThan(
    db: Knex,
    userId: number,
    exceptId: number,
  ): Promise<ReviewRow | undefined> {
    return (await requestsOf(db, userId).whereNot({ id: exceptId }).first()) as
      ReviewRow | undefined
  }

  /** The customer's open request (collecting or pending), if any. */
  static async openOf(
    trx: Knex | Knex.Transaction,
    userId: number,
  ): Promise<ReviewRow | undefined> {
    return (await trx('identity_reviews')
      .where({ user_id: userId })
      .whereIn('status', ['collecting', 'pending'])
      .first()) as ReviewRow | undefined
  }

  /** Both kinds are in: the request goes to staff. */
  static async submit(trx: Knex.Transaction, id: number, now: Date): Promise<void> {
    await trx('identity_reviews').where({ id }).update({ status: 'pending', submitted_at: now })
  }

  static async ownerAndStatusOf(
    db: Knex,
    id: number,
  ): Promise<Pick<ReviewRow, 'user_id' | 'status'> | undefined> {
    return (await db('identity_reviews').where({ id }).first('user_id', 'status')) as
      Pick<ReviewRow, 'user_id' | 'status'> | undefined
  }

  /** The customer's latest `limit` submitted requests, newest first, as the queue shows them. */
  static async summariesOf(db: Knex, userId: number, limit: number): Promise<ReviewSummaryRow[]> {
    return (await summaries(db)
      .where('r.user_id', userId)
      .select(REVIEW_SUMMARY_COLUMNS)
      .orderBy('r.id', 'desc')
      .limit(limit)) as ReviewSummaryRow[]
  }

  /** One submitted request as the queue shows it, or undefined. */
  static async summaryOf(db: Knex, id: number): Promise<ReviewSummaryRow | undefined> {
    return (await summaries(db).where('r.id', id).first(REVIEW_SUMMARY_COLUMNS)) as
      ReviewSummaryRow | undefined
  }

  /**
   * The queue: submitted requests, optionally of one status, the count and a page. Pending ones
   * first come first served; otherwise the latest first.
   */
  static async summaryPage(
    db: Knex,
    query: { status?: ReviewState | undefined; limit: number; offset: number },
  ): Promise<{ count: number; rows: ReviewSummaryRow[] }> {
    const filtered = summaries(db)
    if (query.status) filtered.where('r.status', query.status)
    return pageOf<ReviewSummaryRow>(filtered, query, (q) =>
      q
        .select(REVIEW_SUMMARY_COLUMNS)
        .orderBy(byTimeThenId('r', 'submitted_at', query.status === 'pending' ? 'asc' : 'desc')),
    )
  }
}

/** An `identity_reviews` row as plain data. */
export type ReviewRow = ModelObject<IdentityReview>

export interface ReviewSummaryRow extends ReviewRow {
  phone: string
  username: string
  decided_by_username: string | null
}

/** The customer's requests, the newest (the highest id) first. */
const requestsOf = (db: Knex, userId: number) =>
  db('identity_reviews').where({ user_id: userId }).orderBy('id', 'desc')

/** A request as the queue lists it (collecting ones are the customer's business, not staff's). */
const summaries = (db: Knex) =>
  db('identity_reviews as r')
    .join('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by_user_id')
    .whereNot('r.status', 'collecting')

const REVIEW_SUMMARY_COLUMNS = ['r.*', 'u.phone', 'u.username', 'd.username as decided_by_username']

/** Who did what to a request and when, and every opening of a document by staff. */
export class IdentityReviewAudit extends BaseModel {
  static override tableName = 'identity_review_audit'

  declare id: number
  declare review_id: number
  declare user_id: number
  declare action: ReviewAuditAction
  declare actor_user_id: number | null
  declare document_id: number | null
  declare reason: string | null
  declare created_at: Date

  static async record(
    db: Knex,
    row: {
      review_id: number
      user_id: number
      action: ReviewAuditAction
      actor_user_id: number
      document_id?: number
      reason?: string | null
      created_at: Date
    },
  ): Promise<void> {
    await db('identity_review_audit').insert(row)
  }

  /** Which of the request's documents `staffId` has opened, by id. */
  static async openedBy(db: Knex, reviewId: number, staffId: number): Promise<Set<number>> {
    const rows = (await db('identity_review_audit')
      .where({ review_id: reviewId, action: 'document_revealed', actor_user_id: staffId })
      .distinct('document_id')) as Array<{ document_id: number }>
    return new Set(rows.map((row) => row.document_id))
  }

  /** The customer's latest `limit` document openings by staff, newest first. */
  static async revealsOf(db: Knex, userId: number, limit: number) {
    return (await db('identity_review_audit as a')
      .join('identity_documents as doc', 'doc.id', 'a.document_id')
      .leftJoin('users as s', 's.id', 'a.actor_user_id')
      .where({ 'a.user_id': userId, 'a.action': 'document_revealed' })
      .select(
        'a.id',
        'a.review_id',
        'a.document_id',
        'doc.kind',
        'a.actor_user_id',
        's.username as actor_username',
        'a.created_at',
      )
      .orderBy(newestFirst('a'))
      .limit(limit)) as Array<{
      id: number
      review_id: number
      document_id: number
      kind: IdentityDocumentKind
      actor_user_id: number | null
      actor_username: string | null
      created_at: Date
    }>
  }
}

export type ReviewAuditAction = 'submitted' | 'approved' | 'rejected' | 'document_revealed'
