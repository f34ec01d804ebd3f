import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import type {
  INQUIRY_KINDS,
  INQUIRY_RESULTS,
  InquiryKindName,
} from '@arzpol/contracts/identity/review'
import type { IdentityDocumentKind } from '@arzpol/contracts/identity/documents'
import { levelOf } from './limits.ts'
import {
  REVIEW_SUMMARY_COLUMNS,
  reviewSummaryBody,
  reviewSummaryQuery,
  staffIdentityOf,
  type ReviewSummaryRow,
} from './review.ts'

/**
 * What staff read about identity (issue 18, ADR 025): one customer's history (level, level-1
 * data, their inquiries, their level-2 requests and every opening of their documents) and the
 * inquiry log of everyone. The log holds no personal data by design (inquiries.ts).
 */

/** Enough of a customer's past for a screen; older rows stay in the database. */
const RECENT = 100

interface InquiryRow {
  id: number
  user_id: number | null
  kind: InquiryKindName
  provider: string
  result: (typeof INQUIRY_RESULTS)[number]
  duration_ms: number
  created_at: Date
}

const INQUIRY_COLUMNS = ['id', 'user_id', 'kind', 'provider', 'result', 'duration_ms', 'created_at']

const newestFirst = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
]

export function createIdentityHistoryService(deps: { db: Knex }) {
  const { db } = deps

  async function ofUser(userId: number) {
    const user = (await db('users').where({ id: userId }).first('id', 'phone', 'username')) as
      { id: number; phone: string; username: string } | undefined
    if (!user) throw new ApiError(404, STAFF_MESSAGES.userNotFound, 'not_found')
    const [level, identity, inquiries, reviews, reveals] = await Promise.all([
      levelOf(db, userId),
      staffIdentityOf(db, userId),
      db('identity_inquiries')
        .where({ user_id: userId })
        .select(INQUIRY_COLUMNS)
        .orderBy(newestFirst)
        .limit(RECENT) as Promise<InquiryRow[]>,
      reviewSummaryQuery(db)
        .where('r.user_id', userId)
        .select(REVIEW_SUMMARY_COLUMNS)
        .orderBy('r.id', 'desc')
        .limit(RECENT) as Promise<ReviewSummaryRow[]>,
      db('identity_review_audit as a')
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
        .orderBy([
          { column: 'a.created_at', order: 'desc' },
          { column: 'a.id', order: 'desc' },
        ])
        .limit(RECENT) as Promise<
        Array<{
          id: number
          review_id: number
          document_id: number
          kind: IdentityDocumentKind
          actor_user_id: number | null
          actor_username: string | null
          created_at: Date
        }>
      >,
    ])
    return {
      user,
      level,
      identity,
      inquiries,
      reviews: reviews.map(reviewSummaryBody),
      reveals: reveals.map((row) => ({
        id: row.id,
        review_id: row.review_id,
        document_id: row.document_id,
        kind: row.kind,
        staff:
          row.actor_user_id !== null && row.actor_username !== null
            ? { id: row.actor_user_id, username: row.actor_username }
            : null,
        created_at: row.created_at,
      })),
    }
  }

  async function inquiryLog(query: {
    kind?: (typeof INQUIRY_KINDS)[number] | undefined
    result?: (typeof INQUIRY_RESULTS)[number] | undefined
    limit: number
    offset: number
  }) {
    const base = db('identity_inquiries')
    if (query.kind) base.where({ kind: query.kind })
    if (query.result) base.where({ result: query.result })
    const [total] = await base.clone().count<Array<{ count: string | number }>>('* as count')
    const rows = (await base
      .select(INQUIRY_COLUMNS)
      .orderBy(newestFirst)
      .limit(query.limit)
      .offset(query.offset)) as InquiryRow[]
    return { count: Number(total?.count ?? 0), results: rows }
  }

  return { ofUser, inquiryLog }
}

export type IdentityHistoryService = ReturnType<typeof createIdentityHistoryService>
