import type { Knex } from 'knex'
import { ACCOUNTS, JournalEntry, Posting, type AccountCode } from '../../models/ledger.model.ts'
import { onNormalSide } from './journal.ts'

/**
 * The ledger's invariants (ADR 014) that the database alone can tell, as one
 * read-only check: the model-based test runs it after every step, the end of `npm test` after
 * the browser journeys, and staff can run it (`npm run ledger:check -w payments-service`).
 * Answers the violations found, empty when the books are right.
 */

const CODE_OF = new Map<number, AccountCode>(
  Object.entries(ACCOUNTS).map(([code, id]) => [id, code as AccountCode]),
)

type Db = Knex | Knex.Transaction
/** The orders a check is limited to, or null for the whole ledger. */
type Scope = number[] | null

export async function checkLedger(
  db: Db,
  /** Only these orders' money (the model-based test checks its own after every step). */
  scope?: { orderIds: number[] },
): Promise<string[]> {
  const limit: Scope = scope?.orderIds ?? null
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
  const entries = await JournalEntry.unbalanced(db, limit)
  for (const e of entries) violations.push(`entry ${e.id}: ${e.legs} legs, sum ${e.total}`)
  return violations
}

/** 2. The whole ledger sums to zero. */
async function ledgerTotal(db: Db): Promise<string[]> {
  const violations: string[] = []
  const total = await Posting.grandTotal(db)
  if (BigInt(total ?? '0') !== 0n) violations.push(`ledger total ${total}`)
  return violations
}

/** 8. No sub-balance (per order, per gateway transaction) below zero on its normal side. */
async function negativeBalances(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
  const subBalances = await Posting.subBalances(db, limit)
  for (const row of subBalances) {
    const code = CODE_OF.get(Number(row.account_id))
    if (!code) continue
    const normal = onNormalSide(code, BigInt(row.total))
    if (normal < 0n) violations.push(`${code} of ${row.key} is ${normal}`)
  }
  return violations
}

/** 9. Every suspense posting says why. */
async function unexplainedSuspense(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
  const unexplained = await Posting.countUnexplainedSuspense(db, limit)
  if (Number(unexplained) > 0) {
    violations.push(`${unexplained} suspense posting(s) without a reason`)
  }
  return violations
}

/**
 * 7. A paid or in-progress order holds exactly its amount; a finished one holds nothing, and
 *    a done order (a settled cash-out too) booked its fee once.
 */
async function orderHoldings(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
  const orders = await Posting.orderHoldings(db, limit)
  for (const o of orders) {
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

/** 6. Each attempt's captured money is where its status says, and nowhere else. */
async function attemptHoldings(db: Db, limit: Scope): Promise<string[]> {
  const violations: string[] = []
  // Sums come back as text: bigint is read with BigInt, never through a float.
  const attempts = await Posting.attemptHoldings(db, limit)
  for (const g of attempts) {
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
