import type { DocumentType } from '@arzpol/contracts/orders/customer'
import type { Knex } from 'knex'
import type { ModelObject } from 'objection'
import { BaseModel } from './base.model.ts'

/** A paper of an order (a cash-out's income documents, a receipt): the file is in the storage. */
export class OrderDocument extends BaseModel {
  static override tableName = 'payment_documents'

  declare id: number
  declare payment_id: number
  /** Null once that user is gone (ON DELETE SET NULL). */
  declare uploaded_by_user_id: number | null
  declare storage_key: string
  declare file_name: string
  declare content_type: DocumentType
  declare size_bytes: number
  declare created_at: Date

  /** How many documents the order has. */
  static async countFor(db: Knex, orderId: number): Promise<number> {
    const row = (await db('payment_documents')
      .where({ payment_id: orderId })
      .count({ n: '*' })
      .first()) as { n: string | number } | undefined
    return Number(row?.n ?? 0)
  }

  /** The order's documents as the staff detail lists them (no storage key), oldest first. */
  static async summariesFor(db: Knex, orderId: number): Promise<OrderDocumentSummary[]> {
    return (await db('payment_documents')
      .where({ payment_id: orderId })
      .orderBy('id')
      .select(
        'id',
        'file_name',
        'content_type',
        'size_bytes',
        'created_at',
      )) as OrderDocumentSummary[]
  }
}

/** A `payment_documents` row as plain data. */
export type OrderDocumentRow = ModelObject<OrderDocument>

/** A document as the staff order detail lists it: no storage key. */
export type OrderDocumentSummary = Pick<
  OrderDocumentRow,
  'id' | 'file_name' | 'content_type' | 'size_bytes' | 'created_at'
>
