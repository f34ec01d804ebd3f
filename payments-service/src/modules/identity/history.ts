import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { CustomerCard } from '../../models/customer-card.model.ts'
import { IdentityInquiry } from '../../models/identity-inquiry.model.ts'
import { IdentityReview, IdentityReviewAudit } from '../../models/identity-review.model.ts'
import { User } from '../../models/user.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import type {
  INQUIRY_KINDS,
  INQUIRY_RESULTS,
  InquiryKindName,
} from '@arzpol/contracts/identity/review'
import { levelOf } from './limits.ts'
import { reviewSummaryBody, staffIdentityOf } from './review.ts'
import { userRefOf } from '../users/user-ref.ts'

/**
 * What staff read about identity (ADRs 022, 024, 025): one customer's history (level,
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

export function createIdentityHistoryService(deps: { db: Knex }) {
  const { db } = deps

  async function ofUser(userId: number) {
    const user = await User.namesOf(db, userId)
    if (!user) throw new ApiError(404, STAFF_MESSAGES.userNotFound, 'not_found')
    const [level, identity, cards, cardAnswers, inquiries, reviews, reveals] = await Promise.all([
      levelOf(db, userId),
      staffIdentityOf(db, userId),
      CustomerCard.recentOf(db, userId, RECENT),
      IdentityInquiry.matchedCardOwnerAnswersOf(db, userId) as Promise<CardAnswer[]>,
      IdentityInquiry.recentOf(db, userId, RECENT) as Promise<InquiryRow[]>,
      IdentityReview.summariesOf(db, userId, RECENT),
      IdentityReviewAudit.revealsOf(db, userId, RECENT),
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
        staff: userRefOf(row.actor_user_id, row.actor_username),
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
    const { count, rows } = await IdentityInquiry.logPage(db, query)
    return { count, results: rows as InquiryRow[] }
  }

  return { ofUser, inquiryLog }
}

export type IdentityHistoryService = ReturnType<typeof createIdentityHistoryService>
