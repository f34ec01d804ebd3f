import type { Knex } from 'knex'
import type { ModelObject } from 'objection'
import { BaseModel } from './base.model.ts'
import { ACCOUNTS } from './ledger.model.ts'

export type RefundMethod = 'gateway_reverse' | 'manual'
/** requested: the bank is being asked; pending: staff are to transfer it by hand. */
export type RefundStatus = 'requested' | 'done' | 'pending' | 'refused'

/**
 * A refund as the settlement reads it back (`RETURNING *` or a plain select): a plain row, not a
 * model instance (the callback hot path, ADR 011).
 */
export type RefundRow = ModelObject<Refund>

/** The columns a return is opened with. */
export interface NewRefund {
  payment_id: number
  gateway_tx_id: number | null
  amount_irr: number
  method: RefundMethod
  status: RefundStatus
  reason: string
  created_by_user_id: number | null
  created_at: Date
}

/** How a return is closed: its status, the bank's tracking number if any, when and by whom. */
export interface RefundClosing {
  status: RefundStatus
  reference?: string | null
  settled_at: Date | null
  settled_by_user_id: number | null
}

/** One row of a customer's "where is my money" for an order: a refund, or money held. */
export interface MoneyBackRow {
  kind: 'refund' | 'held'
  amount_irr: string
  status: 'held' | 'requested' | 'pending' | 'done'
  method: RefundMethod | null
  reason: string | null
  reference: string | null
  created_at: Date
  settled_at: Date | null
}

/** What the money-back SMS says of a refund, and to whom. */
export interface RefundNotice {
  phone: string
  payment_id: number
  amount_irr: string | number
  reason: string | null
  method: RefundMethod
  created_at: Date
}

/**
 * Money given back on an order, by the bank (a reversal) or by hand (a transfer staff record).
 * Every return, automatic or by staff, is one row here and two ledger entries.
 */
export class Refund extends BaseModel {
  static override tableName = 'refunds'

  declare id: number
  declare payment_id: number
  declare gateway_tx_id: number | null
  declare amount_irr: number
  declare method: RefundMethod
  declare status: RefundStatus
  declare reason: string | null
  /** The bank's tracking number of a transfer, once staff recorded it. */
  declare reference: string | null
  declare created_by_user_id: number | null
  declare settled_by_user_id: number | null
  declare created_at: Date
  declare settled_at: Date | null

  /** Inserts a return and answers the whole row. */
  static async open(trx: Knex.Transaction, row: NewRefund): Promise<RefundRow | undefined> {
    const [opened] = (await trx('refunds').insert(row).returning('*')) as RefundRow[]
    return opened
  }

  /** Sets a return's outcome and answers the whole row. */
  static async close(
    trx: Knex.Transaction,
    id: number,
    closing: RefundClosing,
  ): Promise<RefundRow | undefined> {
    const [closed] = (await trx('refunds')
      .where({ id })
      .update(closing)
      .returning('*')) as RefundRow[]
    return closed
  }

  /** The reversal asked of the bank for an attempt, if its answer is not booked yet. */
  static async requestedFor(db: Knex, attemptId: number): Promise<RefundRow | undefined> {
    return (await db('refunds')
      .where({ gateway_tx_id: attemptId, status: 'requested' })
      .first()) as RefundRow | undefined
  }

  /** The same, locked (FOR UPDATE) until the transaction ends. */
  static async lockRequestedFor(
    trx: Knex.Transaction,
    attemptId: number,
  ): Promise<RefundRow | undefined> {
    return (await trx('refunds')
      .where({ gateway_tx_id: attemptId, status: 'requested' })
      .forUpdate()
      .first()) as RefundRow | undefined
  }

  /** The id of a return of an attempt's money that is still on its way (`statuses`), if any. */
  static async openFor(
    trx: Knex.Transaction,
    attemptId: number,
    statuses: readonly RefundStatus[],
  ): Promise<{ id: number } | undefined> {
    return (await trx('refunds')
      .where({ gateway_tx_id: attemptId })
      .whereIn('status', [...statuses])
      .first('id')) as { id: number } | undefined
  }

  /**
   * "Where is my money" for one order, in one query: its refunds (a return the bank refused is
   * left out) and each bank payment of the order whose money sits in suspense with no return
   * open yet, oldest first.
   */
  static async moneyBackRowsOf(db: Knex, orderId: number): Promise<MoneyBackRow[]> {
    const { rows } = (await db.raw(
      `
    SELECT 'refund' AS kind, r.amount_irr::text AS amount_irr, r.status, r.method, r.reason,
           r.reference, r.created_at, r.settled_at
      FROM refunds r
     WHERE r.payment_id = :id AND r.status IN ('requested', 'pending', 'done')
    UNION ALL
    SELECT 'held', (-sum(p.amount))::text, 'held', NULL, g.failure, NULL,
           coalesce(g.callback_at, g.updated_at), NULL
      FROM postings p JOIN gateway_transactions g ON g.id = p.gateway_tx_id
     WHERE p.order_id = :id AND p.account_id = ${ACCOUNTS.suspense}
       AND NOT EXISTS (SELECT 1 FROM refunds o WHERE o.gateway_tx_id = g.id
                          AND o.status IN ('requested', 'pending'))
     GROUP BY g.id
    HAVING sum(p.amount) < 0
     ORDER BY created_at`,
      { id: orderId },
    )) as { rows: MoneyBackRow[] }
    return rows
  }

  /** A return with its order's owner's phone, for the money-back SMS. */
  static async noticeOf(db: Knex, refundId: number): Promise<RefundNotice | undefined> {
    return (await db('refunds as r')
      .join('payments as p', 'p.id', 'r.payment_id')
      .join('users as u', 'u.id', 'p.user_id')
      .where('r.id', refundId)
      .first('u.phone', 'r.payment_id', 'r.amount_irr', 'r.reason', 'r.method', 'r.created_at')) as
      RefundNotice | undefined
  }
}
