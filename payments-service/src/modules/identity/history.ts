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
  staffRef,
  type ReviewSummaryRow,
} from './review.ts'

/**
 * What staff read about identity (issue 18, ADRs 024, 025): one customer's history (level,
 * level-1 data, their cards, their inquiries, their level-2 requests and every opening of their
 * documents) and the inquiry log of everyone. The log holds no personal data by design
 * (inquiries.ts), and the cards only their masked number: never their hash.
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

interface CardRow {
  id: number
  masked_number: string
  bank_name: string
  created_at: Date
  deleted_at: Date | null
}

type CardAnswer = Pick<InquiryRow, 'id' | 'result' | 'created_at'>

/**
 * Each card with the owner question asked when it was added. No column links the two (the
 * inquiry keeps an HMAC of its question, the card a hash of its number), but registering asks
 * and then inserts at once (cards.ts): a card's question is the last matched card-owner inquiry
 * after the customer's previous card was added and not after this one. A reused answer asked
 * nothing new, so such a card has none. `cards` oldest first.
 */
function withOwnerInquiries(cards: CardRow[], answers: CardAnswer[]) {
  return cards.map((card, index) => {
    const after = cards[index - 1]?.created_at.getTime() ?? -Infinity
    const asked = answers.findLast(
      (answer) =>
        answer.created_at.getTime() > after &&
        answer.created_at.getTime() <= card.created_at.getTime(),
    )
    return {
      ...card,
      owner_inquiry: asked
        ? { id: asked.id, result: asked.result, created_at: asked.created_at }
        : null,
    }
  })
}

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
    const [level, identity, cards, cardAnswers, inquiries, reviews, reveals] = await Promise.all([
      levelOf(db, userId),
      staffIdentityOf(db, userId),
      db('customer_cards')
        .where({ user_id: userId })
        .select('id', 'masked_number', 'bank_name', 'created_at', 'deleted_at')
        .orderBy(newestFirst)
        .limit(RECENT) as Promise<CardRow[]>,
      db('identity_inquiries')
        .where({ user_id: userId, kind: 'card_owner', result: 'matched' })
        .select('id', 'result', 'created_at')
        .orderBy([{ column: 'created_at' }, { column: 'id' }]) as Promise<CardAnswer[]>,
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
      cards: withOwnerInquiries(cards.reverse(), cardAnswers).reverse(),
      inquiries,
      reviews: reviews.map(reviewSummaryBody),
      reveals: reveals.map((row) => ({
        id: row.id,
        review_id: row.review_id,
        document_id: row.document_id,
        kind: row.kind,
        staff: staffRef(row.actor_user_id, row.actor_username),
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
