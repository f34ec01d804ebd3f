import { isUniqueViolation } from '../../../db/errors.ts'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import { Order } from '../../../models/order.model.ts'
import type { CallbackData } from '../../gateways/gateway.ts'
import { failAttempt, lockBoth, outcomeOf } from './attempt-rows.ts'
import { verifyAndBook } from './book.ts'
import { proveOwnership } from './prove.ts'
import { heardFirst, record, type Recorded } from './record.ts'
import type { CallbackOutcome, SettleSource, SettlementDeps } from './settlement-deps.ts'

type Settled = { orderId: number; outcome: CallbackOutcome }

/**
 * Settles one attempt from what the bank said about it: its callback, or its receipt when
 * the reconciliation job asks the bank about an attempt whose callback never came.
 */
export async function settleAttempt(
  deps: SettlementDeps,
  found: BankAttempt,
  data: CallbackData,
  source: SettleSource,
): Promise<{ orderId: number | null; outcome: CallbackOutcome }> {
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
      const { attempt } = await lockBoth(trx, found.id, found.payment_id)
      if (attempt.status === 'created' || attempt.status === 'token_created') {
        await failAttempt(deps, trx, attempt, 'ref_num_reused', {}, source)
      }
    })
    return { orderId: found.payment_id, outcome: 'failed' }
  }
  deps.onStep?.('recorded')
  const settled: Settled = { orderId: found.payment_id, outcome: 'pending' }
  if (recorded.kind === 'done') return { ...settled, outcome: recorded.outcome }
  if (recorded.kind === 'wait') return { ...settled, outcome: await waitForOutcome(deps, found.id) }
  if (recorded.kind === 'prove') return settled
  const booked = await verifyAndBook(deps, found.id, found.payment_id, recorded.refNum, source)
  return { ...settled, outcome: booked.outcome }
}

/** A second copy of a callback waits for the verify the first one started. */
export async function waitForOutcome(
  deps: SettlementDeps,
  attemptId: number,
): Promise<CallbackOutcome> {
  const { db } = deps
  const deadline = Date.now() + (deps.waitForVerifyMs ?? 20_000)
  for (;;) {
    const attempt = await BankAttempt.withId(db, attemptId)
    const order = attempt && (await Order.withId(db, attempt.payment_id))
    if (!attempt || !order) throw new Error(`attempt ${attemptId} vanished`)
    const outcome = outcomeOf(attempt, order)
    if (
      outcome !== 'pending' ||
      attempt.status !== 'verifying' ||
      attempt.failure === 'verify_unknown'
    ) {
      return outcome
    }
    if (Date.now() > deadline) return 'pending'
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
