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

  /**
   * The accounting view of one bank day (ledger.md §4): per attempt verified in [start, end),
   * by gateway, oldest first, what the bank's verify answer said it captured (SEP keeps it in
   * TransactionDetail.OrginalAmount; 0 unless it answered yes) beside what the ledger's
   * postings on `receivableAccountId` (psp_receivable) booked as captured and returned since.
   */
  static async verifiedBetweenWithBookings(
    db: Knex,
    start: Date,
    end: Date,
    receivableAccountId: number,
  ): Promise<
    Array<{
      gateway: string
      gateway_tx_id: number
      payment_id: number
      res_num: string
      ref_num: string | null
      status: string
      bank_verified_irr: number
      ledger_captured_irr: number
      ledger_returned_irr: number
    }>
  > {
    const { rows } = (await db.raw(
      `SELECT g.gateway, g.id AS gateway_tx_id, g.payment_id, g.res_num, g.ref_num, g.status,
            CASE WHEN coalesce((g.raw #>> '{verify,Success}')::boolean, false) THEN coalesce((g.raw #>> '{verify,TransactionDetail,OrginalAmount}')::bigint, 0) ELSE 0 END AS bank_verified_irr,
            coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0)::bigint AS ledger_captured_irr,
            coalesce(-sum(p.amount) FILTER (WHERE p.amount < 0), 0)::bigint AS ledger_returned_irr
       FROM gateway_transactions g
       LEFT JOIN postings p ON p.gateway_tx_id = g.id AND p.account_id = ?
      WHERE g.verified_at >= ? AND g.verified_at < ?
      GROUP BY g.id
      ORDER BY g.gateway, g.verified_at, g.id`,
      [receivableAccountId, start, end],
    )) as {
      rows: Array<{
        gateway: string
        gateway_tx_id: number
        payment_id: number
        res_num: string
        ref_num: string | null
        status: string
        bank_verified_irr: number
        ledger_captured_irr: number
        ledger_returned_irr: number
      }>
    }
    return rows
  }
}

/** One reconciliation run's look at a gateway's attempts: at most `limit`, oldest first. */
export interface ReconcileBatch {
  gateway: string
  limit: number
}

const reconcileBatch = (db: Knex, { gateway, limit }: ReconcileBatch) =>
  db('gateway_transactions').where({ gateway }).orderBy('id').limit(limit)
