import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import {
  ACCOUNTS,
  CREDIT_NORMAL,
  JournalEntry,
  Posting,
  type AccountCode,
} from '../../models/ledger.model.ts'

/**
 * The one writer of the ledger (ADR 014). An entry is written in the caller's
 * transaction, beside the money event it records, under an idempotency key made from our own
 * ids (`gtx:12:outcome`): a replay returns the entry already there, the same key with other
 * content throws. The database checks the balance at COMMIT and keeps the journal append-only.
 */

/** Why captured money sits in suspense: shown to staff on "money to return". */
export type SuspenseReason =
  | 'duplicate_payment'
  | 'late_payment'
  | 'amount_mismatch'
  | 'reference_mismatch'
  | 'reversal_refused'
  /** A level-1 customer paid with a card that is not one of theirs (ADR 024). */
  | 'foreign_card'

export interface Leg {
  account: AccountCode
  /** Rials; the side is given by `debit`/`credit`, never by the sign. */
  amount: number
  orderId?: number | null
  attemptId?: number | null
  refundId?: number | null
  /** Required on suspense legs: why the money is there, or why it leaves. */
  reason?: string | null
}

export interface EntryInput {
  key: string
  eventType: string
  eventRef: string
  effectiveAt: Date
  createdBy: string
  debits: Leg[]
  credits: Leg[]
}

export class LedgerConflictError extends Error {
  constructor(readonly key: string) {
    super(`ledger: entry ${key} already exists with other content`)
    this.name = 'LedgerConflictError'
  }
}

const signed = (legs: Leg[], sign: 1 | -1) =>
  legs.map((leg) => {
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) {
      throw new RangeError(`ledger: a leg must be a positive whole rial amount, got ${leg.amount}`)
    }
    return {
      account_id: ACCOUNTS[leg.account],
      amount: sign * leg.amount,
      order_id: leg.orderId ?? null,
      gateway_tx_id: leg.attemptId ?? null,
      refund_id: leg.refundId ?? null,
      reason: leg.reason ?? null,
    }
  })

/** Writes one balanced entry once; answers its id and whether this call wrote it. */
export async function postEntry(
  trx: Knex.Transaction,
  input: EntryInput,
): Promise<{ id: number; created: boolean }> {
  const postings = [...signed(input.debits, 1), ...signed(input.credits, -1)]
  const contentHash = createHash('sha256')
    .update(JSON.stringify([input.eventType, input.eventRef, postings]))
    .digest('hex')
  const id = await JournalEntry.insertOnce(trx, {
    idempotency_key: input.key,
    content_hash: contentHash,
    event_type: input.eventType,
    event_ref: input.eventRef,
    effective_at: input.effectiveAt,
    created_by: input.createdBy,
  })
  if (id === undefined) {
    const existing = await JournalEntry.hashOf(trx, input.key)
    if (existing.content_hash !== contentHash) throw new LedgerConflictError(input.key)
    return { id: existing.id, created: false }
  }
  await Posting.insertAll(
    trx,
    postings.map((posting) => ({ ...posting, entry_id: id })),
  )
  return { id, created: true }
}

export async function hasEntry(runner: Knex | Knex.Transaction, key: string): Promise<boolean> {
  return JournalEntry.existsFor(runner, key)
}

/**
 * An account's balance on its normal side, whole or for one order / gateway transaction.
 * Sums come back from PostgreSQL as text; BigInt keeps them exact.
 */
export async function balanceOf(
  runner: Knex | Knex.Transaction,
  account: AccountCode,
  scope: { orderId?: number; attemptId?: number } = {},
): Promise<bigint> {
  const total = BigInt(await Posting.sumOf(runner, ACCOUNTS[account], scope))
  return onNormalSide(account, total)
}

/** A sum of postings (debits positive) read on the account's normal side. */
export function onNormalSide(account: AccountCode, debitsMinusCredits: bigint): bigint {
  return CREDIT_NORMAL.has(account) ? -debitsMinusCredits : debitsMinusCredits
}
