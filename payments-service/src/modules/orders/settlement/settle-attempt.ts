import { isUniqueViolation } from '../../../db/errors.ts'
import { GatewayTransaction } from '../../../models/gateway-transaction.model.ts'
import { Payment } from '../../../models/payment.model.ts'
import type { CallbackData } from '../../gateways/gateway.ts'
import { failAttempt, lockBoth, outcomeOf } from './attempt-rows.ts'
import { verifyAndBook } from './book.ts'
import { proveOwnership } from './prove.ts'
import { heardFirst, record, type Recorded } from './record.ts'
import type { CallbackOutcome, SettleSource, SettlementDeps } from './settlement-deps.ts'

type Settled = { paymentId: number; outcome: CallbackOutcome }

/**
 * Settles one attempt from what the bank said about it: its callback, or its receipt when
 * the reconciliation job asks the bank about an attempt whose callback never came.
 */
export async function settleAttempt(
  deps: SettlementDeps,
  found: GatewayTransaction,
  data: CallbackData,
  source: SettleSource,
): Promise<{ paymentId: number | null; outcome: CallbackOutcome }> {
  const { db } = deps
  let recorded: Recorded
  try {
    recorded =
      (await heardFirst(deps, found, data, source)) ??
      (await db.transaction((trx) => record(deps, trx, found, data, source, null)))
    if (recorded.kind === 'prove') {
      const receipt = await proveOwnership(deps, found, recorded.refNum)
      // The bank says this attempt was paid with another RefNum: its word replaces the hint.
      const [heard, proof] =
        receipt.proof === 'bank_names_another'
          ? [receipt.callback, 'proven' as const]
          : [data, receipt.proof]
      recorded = await db.transaction((trx) => record(deps, trx, found, heard, source, proof))
    }
  } catch (error) {
    // Two attempts claiming one bank reference at the same instant: the unique index let
    // one through; this one is a replay.
    if (!isUniqueViolation(error, 'gateway_transactions_ref_num_unique')) throw error
    await db.transaction(async (trx) => {
      const { tx } = await lockBoth(trx, found.id, found.payment_id)
      if (tx.status === 'created' || tx.status === 'token_created') {
        await failAttempt(deps, trx, tx, 'ref_num_reused', {}, source)
      }
    })
    return { paymentId: found.payment_id, outcome: 'failed' }
  }
  deps.onStep?.('recorded')
  const settled: Settled = { paymentId: found.payment_id, outcome: 'pending' }
  if (recorded.kind === 'done') return { ...settled, outcome: recorded.outcome }
  if (recorded.kind === 'wait') return { ...settled, outcome: await waitForOutcome(deps, found.id) }
  if (recorded.kind === 'prove') return settled
  const booked = await verifyAndBook(deps, found.id, found.payment_id, recorded.refNum, source)
  return { ...settled, outcome: booked.outcome }
}

/** A second copy of a callback waits for the verify the first one started. */
export async function waitForOutcome(deps: SettlementDeps, txId: number): Promise<CallbackOutcome> {
  const { db } = deps
  const deadline = Date.now() + (deps.waitForVerifyMs ?? 20_000)
  for (;;) {
    const tx = await GatewayTransaction.query(db).findById(txId)
    const payment = tx && (await Payment.query(db).findById(tx.payment_id))
    if (!tx || !payment) throw new Error(`attempt ${txId} vanished`)
    const outcome = outcomeOf(tx, payment)
    if (outcome !== 'pending' || tx.status !== 'verifying' || tx.failure === 'verify_unknown') {
      return outcome
    }
    if (Date.now() > deadline) return 'pending'
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
