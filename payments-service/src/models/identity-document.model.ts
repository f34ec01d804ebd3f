import type { Knex } from 'knex'
import type {
  IdentityDocumentKind,
  IdentityDocumentType,
} from '@arzpol/contracts/identity/documents'
import type { ModelObject } from 'objection'
import { BaseModel } from './base.model.ts'

/**
 * A level-2 photo (ADR 025): the object store holds it sealed; the row names the key
 * that sealed it. Deleted only by the retention purge.
 */
export class IdentityDocument extends BaseModel {
  static override tableName = 'identity_documents'

  declare id: number
  declare review_id: number
  declare user_id: number
  declare kind: IdentityDocumentKind
  declare storage_key: string
  declare content_type: IdentityDocumentType
  declare size_bytes: number
  declare key_id: string
  declare created_at: Date

  /** A document of a request staff may see (submitted, not collecting), or undefined. */
  static async revealable(
    db: Knex,
    reviewId: number,
    documentId: number,
  ): Promise<IdentityDocumentRow | undefined> {
    return (await db('identity_documents as doc')
      .join('identity_reviews as r', 'r.id', 'doc.review_id')
      .where({ 'doc.id': documentId, 'doc.review_id': reviewId })
      .whereNot('r.status', 'collecting')
      .first('doc.*')) as IdentityDocumentRow | undefined
  }

  /**
   * The documents (id, storage key) of accounts closed before `closedBefore`, past the id
   * `after`: the retention purge's due rows (its sweep adds the order, limit and lock).
   */
  static pastRetention(
    trx: Knex.Transaction,
    closedBefore: Date,
    after: number,
  ): Knex.QueryBuilder {
    return trx('identity_documents')
      .select('id', 'storage_key')
      .whereIn('user_id', trx('users').select('id').where('closed_at', '<', closedBefore))
      .where('id', '>', after)
  }

  /** How many documents the customer uploaded since `since` (the hourly upload cap). */
  static async countSince(
    runner: Knex | Knex.Transaction,
    userId: number,
    since: Date,
  ): Promise<number> {
    const row = (await runner('identity_documents')
      .where('user_id', userId)
      .where('created_at', '>', since)
      .count({ n: '*' })
      .first()) as { n: string | number } | undefined
    return Number(row?.n ?? 0)
  }

  /** How many documents a request holds, re-uploads included (the cap per open request). */
  static async countInReview(runner: Knex | Knex.Transaction, reviewId: number): Promise<number> {
    const row = (await runner('identity_documents')
      .where('review_id', reviewId)
      .count({ n: '*' })
      .first()) as { n: string | number } | undefined
    return Number(row?.n ?? 0)
  }

  static async deleteIds(trx: Knex.Transaction, ids: readonly number[]): Promise<void> {
    await trx('identity_documents').whereIn('id', ids).delete()
  }
}

/** An `identity_documents` row as plain data. */
export type IdentityDocumentRow = ModelObject<IdentityDocument>
