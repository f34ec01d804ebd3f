import { createHash } from 'node:crypto'
import type { Knex } from 'knex'

/**
 * The one writer of the ledger (shared ledger.md §1). An entry is written in the caller's
 * transaction, beside the money event it records, under an idempotency key made from our own
 * ids (`gtx:12:outcome`): a replay returns the entry already there, the same key with other
 * content throws. The database checks the balance at COMMIT and keeps the journal append-only.
 */

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

/** Why captured money sits in suspense: shown to staff on "money to return". */
export type SuspenseReason =
  | 'duplicate_payment'
  | 'late_payment'
  | 'amount_mismatch'
  | 'reference_mismatch'
  | 'reversal_refused'
  /** Issue 18: a level-1 customer paid with a card that is not one of theirs. */
  | 'foreign_card'

export interface Leg {
  account: AccountCode
  /** Rials; the side is given by `debit`/`credit`, never by the sign. */
  amount: number
  orderId?: number | null
  gatewayTxId?: number | null
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
      gateway_tx_id: leg.gatewayTxId ?? null,
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
  const inserted = (await trx.raw(
    `INSERT INTO journal_entries (idempotency_key, content_hash, event_type, event_ref,
       effective_at, created_by)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [input.key, contentHash, input.eventType, input.eventRef, input.effectiveAt, input.createdBy],
  )) as { rows: Array<{ id: number }> }
  const row = inserted.rows[0]
  if (!row) {
    const existing = (await trx('journal_entries')
      .where({ idempotency_key: input.key })
      .first('id', 'content_hash')) as { id: number; content_hash: string }
    if (existing.content_hash !== contentHash) throw new LedgerConflictError(input.key)
    return { id: existing.id, created: false }
  }
  await trx('postings').insert(postings.map((posting) => ({ ...posting, entry_id: row.id })))
  return { id: row.id, created: true }
}

export async function hasEntry(runner: Knex | Knex.Transaction, key: string): Promise<boolean> {
  return Boolean(await runner('journal_entries').where({ idempotency_key: key }).first('id'))
}

/**
 * An account's balance on its normal side, whole or for one order / gateway transaction.
 * Sums come back from PostgreSQL as text; BigInt keeps them exact.
 */
export async function balanceOf(
  runner: Knex | Knex.Transaction,
  account: AccountCode,
  scope: { orderId?: number; gatewayTxId?: number } = {},
): Promise<bigint> {
  let query = runner('postings')
    .where({ account_id: ACCOUNTS[account] })
    .select(runner.raw('coalesce(sum(amount), 0)::text AS total'))
  if (scope.orderId !== undefined) query = query.where({ order_id: scope.orderId })
  if (scope.gatewayTxId !== undefined) query = query.where({ gateway_tx_id: scope.gatewayTxId })
  const [row] = (await query) as Array<{ total: string }>
  const total = BigInt(row?.total ?? '0')
  return CREDIT_NORMAL.has(account) ? -total : total
}
