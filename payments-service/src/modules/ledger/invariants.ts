import type { Knex } from 'knex'
import { ACCOUNTS, CREDIT_NORMAL, type AccountCode } from './journal.ts'

/**
 * The ledger's invariants (shared ledger.md §3) that the database alone can tell, as one
 * read-only check: the model-based test runs it after every step, the end of `npm test` after
 * the browser journeys, and staff can run it (`npm run ledger:check -w payments-service`).
 * Answers the violations found, empty when the books are right.
 */

const CODE_OF = new Map<number, AccountCode>(
  Object.entries(ACCOUNTS).map(([code, id]) => [id, code as AccountCode]),
)

interface Row {
  account_id: number
  key: string | number | null
  total: string
}

type Db = Knex | Knex.Transaction
/** The SQL condition limiting a query to the scope's orders, and its binding. */
interface Scope {
  match: (column: string) => string
  bind: number[][]
  ids: number[] | null
}

export async function checkLedger(
  db: Db,
  /** Only these orders' money (the model-based test checks its own after every step). */
  scope?: { orderIds: number[] },
): Promise<string[]> {
  const ids = scope?.orderIds ?? null
  const limit: Scope = {
    // `?` binds the id array; unscoped, the condition is simply true.
    match: (column) => (ids ? `${column} = ANY(?::bigint[])` : 'TRUE'),
    bind: ids ? [ids] : [],
    ids,
  }
  // Independent read-only questions: asked at once, on as many pool connections.
  const found = await Promise.all([
    unbalancedEntries(db, limit),
    ledgerTotal(db),
    negativeBalances(db, limit),
    unexplainedSuspense(db, limit),
    orderHoldings(db, limit),
    attemptHoldings(db, limit),
  ])
  return found.flat()
}

/** 1. Every entry has two or more postings summing to zero per currency. */
async function unbalancedEntries(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
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
  for (const e of entries.rows) violations.push(`entry ${e.id}: ${e.legs} legs, sum ${e.total}`)
  return violations
}

/** 2. The whole ledger sums to zero. */
async function ledgerTotal(db: Db): Promise<string[]> {
  const violations: string[] = []
  const all = (await db.raw(`SELECT coalesce(sum(amount), 0)::text AS total FROM postings`)) as {
    rows: Array<{ total: string }>
  }
  if (BigInt(all.rows[0]?.total ?? '0') !== 0n)
    violations.push(`ledger total ${all.rows[0]?.total}`)
  return violations
}

/** 8. No sub-balance (per order, per gateway transaction) below zero on its normal side. */
async function negativeBalances(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
  const negative = (await db.raw(
    `
    SELECT p.account_id, k.key, sum(p.amount)::text AS total
      FROM postings p
      JOIN ledger_accounts a ON a.id = p.account_id AND NOT a.may_go_negative
      CROSS JOIN LATERAL (VALUES ('order:' || p.order_id), ('gtx:' || p.gateway_tx_id)) AS k(key)
     WHERE k.key IS NOT NULL AND ${limit.match('p.order_id')}
     GROUP BY p.account_id, k.key`,
    limit.bind,
  )) as { rows: Row[] }
  for (const row of negative.rows) {
    const code = CODE_OF.get(Number(row.account_id))
    if (!code) continue
    const normal = CREDIT_NORMAL.has(code) ? -BigInt(row.total) : BigInt(row.total)
    if (normal < 0n) violations.push(`${code} of ${row.key} is ${normal}`)
  }
  return violations
}

/** 9. Every suspense posting says why. */
async function unexplainedSuspense(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
  const unexplained = (await db('postings')
    .where({ account_id: ACCOUNTS.suspense })
    .whereNull('reason')
    .modify((q) => (limit.ids ? q.whereIn('order_id', limit.ids) : q))
    .count({ n: '*' })) as Array<{ n: string | number }>
  if (Number(unexplained[0]?.n ?? 0) > 0) {
    violations.push(`${unexplained[0]?.n} suspense posting(s) without a reason`)
  }
  return violations
}

/**
 * 7. A paid or in-progress order holds exactly its amount; a finished one holds nothing, and
 *    a done order (a settled cash-out too) booked its fee once.
 */
async function orderHoldings(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
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
  )) as {
    rows: Array<{
      id: number
      stage: string
      payment_type: string
      amount_irr: number
      fee_irr: number
      funds: string
      fees: string
    }>
  }
  for (const o of orders.rows) {
    const funds = BigInt(o.funds)
    // A cash-out holds no customer rials: it is booked once, when staff settle it.
    const held = o.payment_type !== 'payout' && (o.stage === 'paid' || o.stage === 'in_progress')
    if (held && funds !== BigInt(o.amount_irr)) {
      violations.push(`order ${o.id} (${o.stage}) holds ${funds}, not its ${o.amount_irr}`)
    }
    if (!held && funds !== 0n) violations.push(`order ${o.id} (${o.stage}) still holds ${funds}`)
    if (o.stage === 'done' && BigInt(o.fees) !== BigInt(o.fee_irr)) {
      violations.push(`order ${o.id} is done with fees ${o.fees}, not ${o.fee_irr}`)
    }
  }
  return violations
}

/** The accounts an attempt's money passes through, each summed over the attempt's postings. */
const ATTEMPT_ACCOUNTS = ['psp_receivable', 'psp_unconfirmed', 'suspense', 'outgoing'] as const

/** 6. Each attempt's captured money is where its status says, and nowhere else. */
async function attemptHoldings(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
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
  )) as {
    // Sums come back as text: bigint is read with BigInt, never through a float.
    rows: Array<
      { id: number; status: string; amount_irr: number } & Record<
        (typeof ATTEMPT_ACCOUNTS)[number] | 'transferred',
        string
      >
    >
  }
  for (const g of attempts.rows) {
    const receivable = BigInt(g.psp_receivable)
    const unconfirmed = BigInt(g.psp_unconfirmed)
    const suspense = -BigInt(g.suspense)
    const outgoing = -BigInt(g.outgoing)
    // Paid back by a bank transfer staff recorded (a manual refund's outcome credits `bank`).
    const transferred = -BigInt(g.transferred)
    const where = `attempt ${g.id} (${g.status})`
    const captured = g.status === 'verified' || g.status === 'suspense' || g.status === 'reversing'
    if (g.status !== 'verifying' && unconfirmed !== 0n) {
      violations.push(`${where}: ${unconfirmed} still unconfirmed`)
    }
    if (!captured && g.status !== 'reversed' && receivable !== 0n) {
      violations.push(`${where}: ${receivable} captured for an attempt that captured nothing`)
    }
    if (g.status === 'reversed' && receivable !== 0n) {
      violations.push(`${where}: ${receivable} left at the bank after its reversal`)
    }
    // In suspense, or returned by hand from it: on its way back (outgoing) or transferred.
    if (
      g.status === 'suspense' &&
      (receivable <= 0n || suspense + outgoing + transferred !== receivable)
    ) {
      violations.push(
        `${where}: suspense ${suspense}, outgoing ${outgoing}, transferred ${transferred}, captured ${receivable}`,
      )
    }
    if (g.status === 'reversing' && (outgoing <= 0n || outgoing !== receivable)) {
      violations.push(`${where}: outgoing ${outgoing}, captured ${receivable}`)
    }
    if (g.status === 'verified' && receivable !== BigInt(g.amount_irr) && outgoing === 0n) {
      violations.push(`${where}: captured ${receivable}, not its ${g.amount_irr}`)
    }
  }
  return violations
}
