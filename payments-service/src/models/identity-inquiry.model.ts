import type { Knex } from 'knex'
import type { ModelObject } from 'objection'
import { byTimeThenId, newestFirst } from '../db/newest-first.ts'
import { pageOf } from '../db/page.ts'
import { BaseModel } from './base.model.ts'

/**
 * One question put to the identity inquiry provider (ADR 022): when, by whom, an HMAC of the
 * question (never a national code, a card or a Sheba) and the answer.
 */
export class IdentityInquiry extends BaseModel {
  static override tableName = 'identity_inquiries'

  declare id: number
  declare user_id: number | null
  declare kind: string
  declare provider: string
  declare input_hash: string
  declare result: string
  declare duration_ms: number
  declare created_at: Date

  /** The newest matched or mismatched answer to the same question since `since`, if any. */
  static async knownAnswer(
    db: Knex,
    question: { inputHash: string; kind: string; provider: string; since: Date },
  ): Promise<string | undefined> {
    const row = (await db('identity_inquiries')
      .where({ input_hash: question.inputHash, kind: question.kind, provider: question.provider })
      .whereIn('result', ['matched', 'mismatched'])
      .where('created_at', '>=', question.since)
      .orderBy('created_at', 'desc')
      .first('result')) as { result: string } | undefined
    return row?.result
  }

  static async record(db: Knex, row: Omit<IdentityInquiryRow, 'id'>): Promise<void> {
    await db('identity_inquiries').insert(row)
  }

  /** The customer's matched card-owner answers, oldest first. */
  static async matchedCardOwnerAnswersOf(db: Knex, userId: number) {
    return (await db('identity_inquiries')
      .where({ user_id: userId, kind: 'card_owner', result: 'matched' })
      .select('id', 'result', 'created_at')
      .orderBy(byTimeThenId(undefined, 'created_at', 'asc'))) as Array<
      Pick<IdentityInquiryRow, 'id' | 'result' | 'created_at'>
    >
  }

  /** The customer's latest `limit` inquiries, newest first. */
  static async recentOf(db: Knex, userId: number, limit: number): Promise<IdentityInquiryLogRow[]> {
    return (await db('identity_inquiries')
      .where({ user_id: userId })
      .select(LOG_COLUMNS)
      .orderBy(newestFirst())
      .limit(limit)) as IdentityInquiryLogRow[]
  }

  /** Everyone's inquiries, newest first, optionally of one kind and result: the count and a page. */
  static async logPage(
    db: Knex,
    query: {
      kind?: string | undefined
      result?: string | undefined
      limit: number
      offset: number
    },
  ): Promise<{ count: number; rows: IdentityInquiryLogRow[] }> {
    const filtered = db('identity_inquiries')
    if (query.kind) filtered.where({ kind: query.kind })
    if (query.result) filtered.where({ result: query.result })
    return pageOf<IdentityInquiryLogRow>(filtered, query, (q) =>
      q.select(LOG_COLUMNS).orderBy(newestFirst()),
    )
  }
}

/** An `identity_inquiries` row as plain data. */
export type IdentityInquiryRow = ModelObject<IdentityInquiry>

/** What the staff log shows of an inquiry: never its input hash. */
export type IdentityInquiryLogRow = Omit<IdentityInquiryRow, 'input_hash'>

const LOG_COLUMNS = ['id', 'user_id', 'kind', 'provider', 'result', 'duration_ms', 'created_at']
