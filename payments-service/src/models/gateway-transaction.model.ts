import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

export const GATEWAY_TX_STATUSES = [
  'created',
  'token_created',
  /** The callback's RefNum is claimed; verify was sent or its outcome is unknown. */
  'verifying',
  'verified',
  /** Captured, but not on a paid order: money to return (ledger account `suspense`). */
  'suspense',
  /** A reversal was asked of the bank; its answer is not booked yet. */
  'reversing',
  'failed',
  'reversed',
] as const
export type GatewayTxStatus = (typeof GATEWAY_TX_STATUSES)[number]

/** One attempt to pay an order at a bank gateway. */
export class GatewayTransaction extends BaseModel {
  static override tableName = 'gateway_transactions'

  declare id: number
  declare payment_id: number
  declare gateway: 'sandbox' | 'sep'
  declare res_num: string
  declare token: string | null
  declare amount_irr: number
  declare status: GatewayTxStatus
  declare ref_num: string | null
  declare rrn: string | null
  declare trace_no: string | null
  declare masked_pan: string | null
  /** The card that paid, hashed by the bank's verify answer (issue 18: foreign card check). */
  declare hashed_pan: string | null
  declare failure: string | null
  /** What the (unauthenticated) callback claimed, kept before any bank call. */
  declare callback_ref_num: string | null
  declare callback_state: string | null
  declare callback_at: Date | null
  declare verify_tries: number
  /** Why money in suspense is left to staff instead of reversed automatically. */
  declare return_block: string | null
  declare raw: Record<string, unknown>
  declare verified_at: Date | null
  declare created_at: Date
  declare updated_at: Date

  static override get jsonAttributes() {
    return ['raw']
  }

  /** Attempts the customer never came back from (no callback yet), oldest first: to ask the bank. */
  static async unanswered(
    db: Knex,
    batch: ReconcileBatch,
    createdBefore: Date,
  ): Promise<GatewayTransaction[]> {
    return (await reconcileBatch(db, batch)
      .whereIn('status', ['created', 'token_created'])
      .where('created_at', '<', createdBefore)) as GatewayTransaction[]
  }

  /**
   * Attempts a settlement left between two steps (verifying, money in suspense that may be
   * returned, a reversal asked), untouched since `updatedBefore`, oldest first.
   */
  static async betweenSettlementSteps(
    db: Knex,
    batch: ReconcileBatch,
    updatedBefore: Date,
  ): Promise<GatewayTransaction[]> {
    return (await reconcileBatch(db, batch)
      .where((q) =>
        q
          .where({ status: 'verifying' })
          .orWhere((r) => r.where({ status: 'suspense' }).whereNull('return_block'))
          .orWhere({ status: 'reversing' }),
      )
      .where('updated_at', '<', updatedBefore)) as GatewayTransaction[]
  }
}

/** One reconciliation run's look at a gateway's attempts: at most `limit`, oldest first. */
export interface ReconcileBatch {
  gateway: string
  limit: number
}

const reconcileBatch = (db: Knex, { gateway, limit }: ReconcileBatch) =>
  db('gateway_transactions').where({ gateway }).orderBy('id').limit(limit)
