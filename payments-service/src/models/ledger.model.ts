import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/**
 * The ledger's tables (ADR 014): the chart of accounts, the journal and its postings.
 * The writer and the money events live in modules/ledger; the SQL they and the ledger's
 * invariants run lives here (ADR 027).
 */

/** The chart of accounts: code → `ledger_accounts.id` (seeded by the create-ledger migration). */
export const ACCOUNTS = {
  psp_receivable: 1,
  psp_unconfirmed: 2,
  bank: 3,
  fx_desk: 4,
  order_funds: 5,
  suspense: 6,
  unconfirmed: 7,
  outgoing: 8,
  payout_payable: 9,
  fees: 10,
  psp_charges: 11,
  adjustments: 12,
  equity: 13,
} as const
export type AccountCode = keyof typeof ACCOUNTS
export const ACCOUNT_CODES = Object.keys(ACCOUNTS) as AccountCode[]
/** Accounts whose balance is credits minus debits; the others, debits minus credits. */
export const CREDIT_NORMAL: ReadonlySet<AccountCode> = new Set([
  'order_funds',
  'suspense',
  'unconfirmed',
  'outgoing',
  'payout_payable',
  'fees',
  'equity',
])

type Db = Knex

/**
 * The SQL condition limiting an invariant's query to some orders, and its binding: `?` binds
 * the id array; unscoped (null), the condition is simply true.
 */
const orderScope = (ids: number[] | null) => ({
  match: (column: string) => (ids ? `${column} = ANY(?::bigint[])` : 'TRUE'),
  bind: ids ? [ids] : [],
  ids,
})

export class LedgerAccount extends BaseModel {
  static override tableName = 'ledger_accounts'

  declare id: number
  declare code: AccountCode
  declare kind: string
  declare normal_side: 'debit' | 'credit'
  declare currency: string
  declare may_go_negative: boolean
}

/** A journal entry's row, as `postEntry` writes it (the rest are the database's defaults). */
export interface NewJournalEntry {
  idempotency_key: string
  content_hash: string
  event_type: string
  event_ref: string
  effective_at: Date
  created_by: string
}

export class JournalEntry extends BaseModel {
  static override tableName = 'journal_entries'

  declare id: number
  declare idempotency_key: string
  declare content_hash: string
  declare event_type: string
  declare event_ref: string
  declare effective_at: Date
  declare created_at: Date
  declare created_by: string
  declare corrects_entry_id: number | null
  /** xid8 of the transaction that wrote it (pg hands it back as text). */
  declare created_xact: string

  /** Inserts the entry unless its idempotency key is taken: its new id, or undefined. */
  static async insertOnce(trx: Knex.Transaction, entry: NewJournalEntry) {
    const inserted = (await trx.raw(
      `INSERT INTO journal_entries (idempotency_key, content_hash, event_type, event_ref,
       effective_at, created_by)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [
        entry.idempotency_key,
        entry.content_hash,
        entry.event_type,
        entry.event_ref,
        entry.effective_at,
        entry.created_by,
      ],
    )) as { rows: Array<{ id: number }> }
    return inserted.rows[0]?.id
  }

  /** The id and content hash of the entry written under `key` (the caller knows there is one). */
  static async hashOf(trx: Knex.Transaction, key: string) {
    return (await trx('journal_entries')
      .where({ idempotency_key: key })
      .first('id', 'content_hash')) as { id: number; content_hash: string }
  }

  /** Whether an entry was written under `key`. */
  static async existsFor(db: Db, key: string): Promise<boolean> {
    return Boolean(await db('journal_entries').where({ idempotency_key: key }).first('id'))
  }

  /** How many entries the journal holds. */
  static async countAll(db: Db) {
    const [counts] = (await db('journal_entries').count({ n: '*' })) as Array<{ n: string }>
    return counts?.n
  }

  /**
   * Invariant 1: entries without two or more postings summing to zero (of the scope's orders'
   * entries, or all), with their leg count and sum.
   */
  static async unbalanced(db: Db, orderIds: number[] | null) {
    const limit = orderScope(orderIds)
    const entries = (await db.raw(
      `
    SELECT e.id, count(p.id) AS legs, coalesce(sum(p.amount), 0)::text AS total
      FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
     WHERE ${limit.ids ? `e.id IN (SELECT entry_id FROM postings WHERE ${limit.match('order_id')})` : 'TRUE'}
     GROUP BY e.id HAVING count(p.id) < 2 OR coalesce(sum(p.amount), 0) <> 0`,
      limit.bind,
    )) as {
      rows: Array<{ id: number; legs: string; total: string }>
    }
    return entries.rows
  }
}

/** What the postings of one order hold (invariant 7), sums as text. */
export interface OrderHoldingRow {
  id: number
  stage: string
  payment_type: string
  amount_irr: number
  fee_irr: number
  funds: string
  fees: string
}

/** The accounts an attempt's money passes through, each summed over the attempt's postings. */
export const ATTEMPT_ACCOUNTS = [
  'psp_receivable',
  'psp_unconfirmed',
  'suspense',
  'outgoing',
] as const

/** Where one attempt's money is (invariant 6): sums as text, read with BigInt. */
export type AttemptHoldingRow = { id: number; status: string; amount_irr: number } & Record<
  (typeof ATTEMPT_ACCOUNTS)[number] | 'transferred',
  string
>

export class Posting extends BaseModel {
  static override tableName = 'postings'

  declare id: number
  declare entry_id: number
  declare account_id: number
  declare currency: string
  /** Rials; positive is a debit, negative a credit. */
  declare amount: number
  declare order_id: number | null
  declare gateway_tx_id: number | null
  declare refund_id: number | null
  declare reason: string | null

  /** Writes an entry's postings, one statement. */
  static async insertAll(
    trx: Knex.Transaction,
    postings: Array<{
      entry_id: number
      account_id: number
      amount: number
      order_id: number | null
      gateway_tx_id: number | null
      refund_id: number | null
      reason: string | null
    }>,
  ) {
    await trx('postings').insert(postings)
  }

  /**
   * The sum of an account's postings (debits positive), whole or for one order / gateway
   * transaction, as text: sums come back from PostgreSQL as text and BigInt keeps them exact.
   */
  static async sumOf(
    db: Db,
    accountId: number,
    scope: { orderId?: number; attemptId?: number } = {},
  ): Promise<string> {
    let query = db('postings')
      .where({ account_id: accountId })
      .select(db.raw('coalesce(sum(amount), 0)::text AS total'))
    if (scope.orderId !== undefined) query = query.where({ order_id: scope.orderId })
    if (scope.attemptId !== undefined) query = query.where({ gateway_tx_id: scope.attemptId })
    const [row] = (await query) as Array<{ total: string }>
    return row?.total ?? '0'
  }

  /** Invariant 2: the sum of every posting, as text (zero when the ledger balances). */
  static async grandTotal(db: Db): Promise<string | undefined> {
    const all = (await db.raw(`SELECT coalesce(sum(amount), 0)::text AS total FROM postings`)) as {
      rows: Array<{ total: string }>
    }
    return all.rows[0]?.total
  }

  /**
   * Invariant 8: the sub-balances (per order `order:<id>`, per gateway transaction `gtx:<id>`)
   * of the accounts that may not go negative, debits positive, as text.
   */
  static async subBalances(db: Db, orderIds: number[] | null) {
    const limit = orderScope(orderIds)
    const negative = (await db.raw(
      `
    SELECT p.account_id, k.key, sum(p.amount)::text AS total
      FROM postings p
      JOIN ledger_accounts a ON a.id = p.account_id AND NOT a.may_go_negative
      CROSS JOIN LATERAL (VALUES ('order:' || p.order_id), ('gtx:' || p.gateway_tx_id)) AS k(key)
     WHERE k.key IS NOT NULL AND ${limit.match('p.order_id')}
     GROUP BY p.account_id, k.key`,
      limit.bind,
    )) as {
      rows: Array<{ account_id: number; key: string | number | null; total: string }>
    }
    return negative.rows
  }

  /** Invariant 9: how many suspense postings (of the scope's orders, or all) give no reason. */
  static async countUnexplainedSuspense(db: Db, orderIds: number[] | null) {
    const unexplained = (await db('postings')
      .where({ account_id: ACCOUNTS.suspense })
      .whereNull('reason')
      .modify((q) => (orderIds ? q.whereIn('order_id', orderIds) : q))
      .count({ n: '*' })) as Array<{ n: string | number }>
    return unexplained[0]?.n ?? 0
  }

  /**
   * Invariant 7: per order that is paid, in progress, finished or has any posting, what its
   * postings hold in `order_funds` and `fees` (credits positive, as text).
   */
  static async orderHoldings(db: Db, orderIds: number[] | null) {
    const limit = orderScope(orderIds)
    const orders = (await db.raw(
      `
    SELECT o.id, o.stage, o.payment_type, o.amount_irr, o.fee_irr,
           coalesce(-sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS.order_funds}), 0)::text AS funds,
           coalesce(-sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS.fees}), 0)::text AS fees
      FROM payments o LEFT JOIN postings p ON p.order_id = o.id
     WHERE ${limit.match('o.id')}
       AND (o.stage IN ('paid', 'in_progress', 'done', 'refunded')
            OR EXISTS (SELECT 1 FROM postings q WHERE q.order_id = o.id))
     GROUP BY o.id`,
      limit.bind,
    )) as { rows: OrderHoldingRow[] }
    return orders.rows
  }

  /**
   * Invariant 6: per attempt (of the scope's orders, or all), its postings summed on each of
   * `ATTEMPT_ACCOUNTS` and what a recorded bank transfer paid back (debits positive, as text).
   */
  static async attemptHoldings(db: Db, orderIds: number[] | null) {
    const limit = orderScope(orderIds)
    const attempts = (await db.raw(
      `
    SELECT g.id, g.status, g.amount_irr,
      ${ATTEMPT_ACCOUNTS.map(
        (code) =>
          `coalesce(sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS[code]}), 0)::text AS ${code}`,
      ).join(',\n')},
      coalesce(sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS.bank}
                                      AND p.refund_id IS NOT NULL), 0)::text AS transferred
      FROM gateway_transactions g LEFT JOIN postings p ON p.gateway_tx_id = g.id
     WHERE ${limit.match('g.payment_id')}
     GROUP BY g.id`,
      limit.bind,
    )) as { rows: AttemptHoldingRow[] }
    return attempts.rows
  }
}
