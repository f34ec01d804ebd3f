import type { Knex } from 'knex'
import { ATTEMPT_STATUSES } from '@arzpol/contracts/orders/attempts'
import { BaseModel } from './base.model.ts'
import { ACCOUNTS } from './ledger.model.ts'
import type { RefundRow } from './refund.model.ts'

/** The statuses of an attempt, as the contract lists them. */
export const GATEWAY_TX_STATUSES = ATTEMPT_STATUSES
export type GatewayTxStatus = (typeof GATEWAY_TX_STATUSES)[number]

/** One attempt to pay an order at a bank gateway. */
export class BankAttempt extends BaseModel {
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
  /** The card that paid, hashed by the bank's verify answer (foreign card check, ADR 024). */
  declare hashed_pan: string | null
  /** The customer's card the attempt was restricted to (level 1 and up); null: any card. */
  declare card_id: number | null
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
  /**
   * When reconciliation may next look at the attempt (ADR 032): its creation at first, pushed
   * forward by each claim. Only meaningful while the attempt is open or between settlement steps.
   */
  declare next_check_at: Date
  declare created_at: Date
  declare updated_at: Date

  static override get jsonAttributes() {
    return ['raw']
  }

  /** A new attempt is due for reconciliation from its creation (by the app's clock). */
  override $beforeInsert(): void {
    if (this.next_check_at === undefined && this.created_at) this.next_check_at = this.created_at
  }

  /**
   * Claims the attempts the customer never came back from (no callback yet, created before
   * `createdBefore`) that are due (`next_check_at` passed), soonest due first: in one short
   * transaction, rows another reconciler or a settlement step holds are skipped (`FOR UPDATE
   * SKIP LOCKED`) and the taken ones get `next_check_at = claim.until`, so nobody else takes them
   * while this caller asks the bank (with no lock held). Answers them as they were before the
   * claim (`releaseClaim` puts `next_check_at` back).
   */
  static async unanswered(
    db: Knex,
    batch: ReconcileBatch,
    createdBefore: Date,
    claim: ReconcileClaim,
  ): Promise<BankAttempt[]> {
    return claimDue(db, batch, claim, (q) =>
      q.whereIn('status', ['created', 'token_created']).where('created_at', '<', createdBefore),
    )
  }

  /**
   * Claims, as `unanswered` does, the attempts a settlement left between two steps (verifying,
   * money in suspense that may be returned, a reversal asked), untouched since `updatedBefore`:
   * resuming one (a bank call) happens only after its row was locked and claimed here.
   */
  static async betweenSettlementSteps(
    db: Knex,
    batch: ReconcileBatch,
    updatedBefore: Date,
    claim: ReconcileClaim,
  ): Promise<BankAttempt[]> {
    return claimDue(db, batch, claim, (q) =>
      q
        .where((w) =>
          w
            .where({ status: 'verifying' })
            .orWhere((r) => r.where({ status: 'suspense' }).whereNull('return_block'))
            .orWhere({ status: 'reversing' }),
        )
        .where('updated_at', '<', updatedBefore),
    )
  }

  /**
   * Gives a claimed attempt back, unless someone claimed it since: due again at `dueAt` (at
   * once when the bank could not be asked, later when it said the payment is still pending).
   */
  static async releaseClaim(
    db: Knex,
    id: number,
    claim: ReconcileClaim,
    dueAt: Date,
  ): Promise<void> {
    await db('gateway_transactions')
      .where({ id, next_check_at: claim.until })
      .update({ next_check_at: dueAt })
  }

  /** The attempt a bank's callback names, by its ResNum or its token at that gateway. */
  static async named(
    db: Knex,
    gateway: string,
    by: { res_num: string } | { token: string },
  ): Promise<BankAttempt | undefined> {
    return BankAttempt.query(db).findOne({ ...by, gateway })
  }

  /** An attempt still waiting to be paid (created, or its token issued), locked; or undefined. */
  static async lockIfUnpaid(trx: Knex.Transaction, id: number): Promise<BankAttempt | undefined> {
    return BankAttempt.query(trx)
      .findById(id)
      .whereIn('status', ['created', 'token_created'])
      .forUpdate()
  }

  /** Another attempt at the same gateway that already claimed this bank reference, if any. */
  static async claimedRefNum(
    trx: Knex.Transaction,
    gateway: string,
    refNum: string,
    exceptId: number,
  ): Promise<BankAttempt | undefined> {
    return BankAttempt.query(trx)
      .where({ gateway, ref_num: refNum })
      .whereNot({ id: exceptId })
      .first()
  }

  /** An order's verified attempt, locked (FOR UPDATE): the one a staff refund reverses. */
  static async lockVerifiedOf(
    trx: Knex.Transaction,
    orderId: number,
  ): Promise<BankAttempt | undefined> {
    return (await trx('gateway_transactions')
      .where({ payment_id: orderId, status: 'verified' })
      .forUpdate()
      .first()) as BankAttempt | undefined
  }

  /**
   * Stores what a callback said on an attempt still in one of `openStatuses`, its raw body under
   * `raw.callback`, in one guarded UPDATE without a lock; answers how many rows it changed (0:
   * the attempt moved meanwhile).
   */
  static async recordCallbackWhileOpen(
    db: Knex,
    id: number,
    openStatuses: readonly GatewayTxStatus[],
    heard: CallbackHeard,
    callbackRaw: unknown,
    now: Date,
  ): Promise<number> {
    return db('gateway_transactions')
      .where({ id })
      .whereIn('status', [...openStatuses])
      .update({
        ...heard,
        raw: db.raw(`raw || jsonb_build_object('callback', ?::jsonb)`, [
          JSON.stringify(callbackRaw),
        ]),
        updated_at: now,
      })
  }

  /** Leaves money in suspense to staff (`return_block`), if the attempt is still in suspense. */
  static async blockSuspenseReturn(
    db: Knex,
    id: number,
    returnBlock: string,
    now: Date,
  ): Promise<number> {
    return db('gateway_transactions')
      .where({ id, status: 'suspense' })
      .update({ return_block: returnBlock, updated_at: now })
  }

  /**
   * "Money to return", in one query: every attempt whose suspense balance is above
   * zero or that has a return still on its way (refund `requested` or `pending`), with its
   * suspense and outgoing balances, its customer's phone and its refunds, oldest first. With
   * `userId`, only that customer's attempts, by the same rule.
   */
  static async moneyToReturn(
    db: Knex,
    filter: { userId?: number } = {},
  ): Promise<MoneyToReturnRow[]> {
    const forCustomer = filter.userId !== undefined
    const { rows } = (await db.raw(
      moneyToReturnSql(forCustomer),
      forCustomer ? [filter.userId as number] : [],
    )) as { rows: MoneyToReturnRow[] }
    return rows
  }

  /**
   * The rials of all money to return (suspense plus on the way back, as text) and the age in
   * seconds of the oldest item, by the database clock.
   */
  static async moneyToReturnTotals(db: Knex): Promise<{ total: string; oldest: string }> {
    const { rows } = (await db.raw(
      `SELECT coalesce(sum(suspense::numeric + outgoing::numeric), 0)::text AS total,
            coalesce(extract(epoch FROM now() - min(since)), 0)::text AS oldest
       FROM (${moneyToReturnSql(false)}) items`,
    )) as { rows: Array<{ total: string; oldest: string }> }
    return rows[0] ?? { total: '0', oldest: '0' }
  }

  /**
   * The accounting view of one bank day (ADR 014): per attempt verified in [start, end),
   * by gateway, oldest first, what the bank's verify answer said it captured (SEP keeps it in
   * TransactionDetail.OrginalAmount; 0 unless it answered yes) beside what the ledger's
   * postings on `receivableAccountId` (psp_receivable) booked as captured and returned since.
   */
  static async verifiedBetweenWithBookings(
    db: Knex,
    start: Date,
    end: Date,
    receivableAccountId: number,
  ): Promise<DayScanRow[]> {
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
    )) as { rows: DayScanRow[] }
    return rows
  }

  /** The id of the order's verified bank payment (the one that paid it), if any. */
  static async verifiedIdOf(db: Knex, orderId: number): Promise<number | undefined> {
    const row = (await db('gateway_transactions')
      .where({ payment_id: orderId, status: 'verified' })
      .first('id')) as { id: number } | undefined
    return row?.id
  }

  /** The bank's receipt of an order's verified payment (the customer's receipt shows it). */
  static async receiptOf(
    db: Knex,
    orderId: number,
  ): Promise<
    Pick<BankAttempt, 'ref_num' | 'rrn' | 'trace_no' | 'masked_pan' | 'verified_at'> | undefined
  > {
    return (await db('gateway_transactions')
      .where({ payment_id: orderId, status: 'verified' })
      .first('ref_num', 'rrn', 'trace_no', 'masked_pan', 'verified_at')) as
      Pick<BankAttempt, 'ref_num' | 'rrn' | 'trace_no' | 'masked_pan' | 'verified_at'> | undefined
  }

  /**
   * The card the order's latest bank attempt accepts (its bank and mask), or undefined when that
   * attempt took any card or there is none yet.
   */
  static async expectedCardOf(
    db: Knex,
    orderId: number,
  ): Promise<{ bank_name: string; masked_number: string } | undefined> {
    const latest = db('gateway_transactions')
      .where({ payment_id: orderId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('card_id')
    return (await db('customer_cards').where('id', latest).first('bank_name', 'masked_number')) as
      { bank_name: string; masked_number: string } | undefined
  }

  /** How many attempts ended in each of `statuses`, per gateway and failure (the metrics' gauge). */
  static async countOutcomes(
    db: Knex,
    statuses: readonly GatewayTxStatus[],
  ): Promise<
    Array<{ gateway: string; status: GatewayTxStatus; failure: string | null; count: number }>
  > {
    const rows = (await db('gateway_transactions')
      .select('gateway', 'status', 'failure')
      .count({ n: '*' })
      .whereIn('status', [...statuses])
      .groupBy('gateway', 'status', 'failure')) as Array<{
      gateway: string
      status: GatewayTxStatus
      failure: string | null
      n: string | number
    }>
    return rows.map((row) => ({
      gateway: row.gateway,
      status: row.status,
      failure: row.failure,
      count: Number(row.n),
    }))
  }
}

/** One attempt of a bank day's scan (`verifiedBetweenWithBookings`), the bank's and the ledger's. */
export interface DayScanRow {
  gateway: string
  gateway_tx_id: number
  payment_id: number
  res_num: string
  ref_num: string | null
  status: string
  /** What the bank's verify answer said it captured (0 when it never answered yes). */
  bank_verified_irr: number
  /** What the ledger booked as captured for this payment (psp_receivable debits). */
  ledger_captured_irr: number
  /** Reversed at the bank since (psp_receivable credits). */
  ledger_returned_irr: number
}

/** One reconciliation run's look at a gateway's attempts: at most `limit`, soonest due first. */
export interface ReconcileBatch {
  gateway: string
  limit: number
}

/** A reconciler's claim: what is due at `now` is taken until `until`. */
export interface ReconcileClaim {
  now: Date
  until: Date
  /** Attempts this run already took (one it gave back is not taken twice in a run). */
  skip?: readonly number[]
}

async function claimDue(
  db: Knex,
  { gateway, limit }: ReconcileBatch,
  { now, until, skip = [] }: ReconcileClaim,
  which: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<BankAttempt[]> {
  return db.transaction(async (trx) => {
    const rows = (await which(trx('gateway_transactions').where({ gateway }))
      .where('next_check_at', '<=', now)
      .whereNotIn('id', [...skip])
      .orderBy([{ column: 'next_check_at' }, { column: 'id' }])
      .limit(limit)
      .forUpdate()
      .skipLocked()) as BankAttempt[]
    if (rows.length > 0) {
      await trx('gateway_transactions')
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .update({ next_check_at: until })
    }
    return rows
  })
}

/** What a callback said, as the attempt's columns keep it. */
export type CallbackHeard = Pick<
  BankAttempt,
  'callback_ref_num' | 'callback_state' | 'callback_at' | 'rrn' | 'trace_no' | 'masked_pan'
>

/** One item of "money to return": an attempt, its balances as text, its customer, its refunds. */
export interface MoneyToReturnRow {
  gateway_tx_id: number
  payment_id: number
  phone: string
  suspense: string
  outgoing: string
  failure: string | null
  return_block: string | null
  status: string
  ref_num: string | null
  since: Date
  refund_sheba: string | null
  refund_sheba_checked_at: Date | null
  refunds: Array<{
    id: number
    amount_irr: number
    method: RefundRow['method']
    status: RefundRow['status']
    reason: string | null
    reference: string | null
    created_at: string
    settled_at: string | null
  }>
}

/**
 * The candidates (a positive suspense sum per gateway transaction, or an open refund), their
 * suspense and outgoing balances, the customer and the refunds as JSON; one customer's only
 * when `forCustomer` (its user id is the one binding).
 */
const moneyToReturnSql = (forCustomer: boolean) => `
  WITH candidates AS (
    SELECT gateway_tx_id AS id FROM postings
     WHERE account_id = ${ACCOUNTS.suspense} AND gateway_tx_id IS NOT NULL
     GROUP BY gateway_tx_id HAVING sum(amount) < 0
    UNION
    SELECT gateway_tx_id FROM refunds
     WHERE status IN ('requested', 'pending') AND gateway_tx_id IS NOT NULL
  ), balances AS (
    SELECT p.gateway_tx_id AS id,
           (-coalesce(sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS.suspense}), 0))::text AS suspense,
           (-coalesce(sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS.outgoing}), 0))::text AS outgoing
      FROM postings p JOIN candidates c ON c.id = p.gateway_tx_id
     WHERE p.account_id IN (${ACCOUNTS.suspense}, ${ACCOUNTS.outgoing})
     GROUP BY p.gateway_tx_id
  )
  SELECT g.id AS gateway_tx_id, g.payment_id, u.phone,
         coalesce(b.suspense, '0') AS suspense, coalesce(b.outgoing, '0') AS outgoing,
         g.failure, g.return_block, g.status, g.ref_num,
         coalesce(g.callback_at, g.updated_at) AS since,
         o.refund_sheba, o.refund_sheba_checked_at,
         (SELECT coalesce(json_agg(json_build_object(
                   'id', r.id, 'amount_irr', r.amount_irr, 'method', r.method,
                   'status', r.status, 'reason', r.reason, 'reference', r.reference,
                   'created_at', r.created_at, 'settled_at', r.settled_at) ORDER BY r.id), '[]')
            FROM refunds r WHERE r.gateway_tx_id = g.id) AS refunds
    FROM candidates c
    JOIN gateway_transactions g ON g.id = c.id
    JOIN payments o ON o.id = g.payment_id
    JOIN users u ON u.id = o.user_id
    LEFT JOIN balances b ON b.id = g.id${forCustomer ? '\n   WHERE o.user_id = ?' : ''}
   ORDER BY since, g.id`
