import type { GatewayTransaction } from '../../../models/gateway-transaction.model.ts'
import { Refund } from '../../../models/refund.model.ts'
import { bookNotCaptured } from '../../ledger/money-events.ts'
import { failAttempt, lockBoth } from './attempt-rows.ts'
import { verifyAndBook } from './book.ts'
import { returnCaptured, reverseRequested } from './give-back.ts'
import type { CallbackOutcome, SettleSource, SettlementDeps } from './settlement-deps.ts'

/** Reconciliation: an answer to a verify or a reversal that never came. */
export async function resume(
  deps: SettlementDeps,
  tx: GatewayTransaction,
): Promise<CallbackOutcome | null> {
  if (tx.status === 'verifying' && tx.ref_num) {
    return (await verifyAndBook(deps, tx.id, tx.payment_id, tx.ref_num, 'reconciliation')).outcome
  }
  if (tx.status === 'suspense') {
    await returnCaptured(deps, tx.id)
    return null
  }
  if (tx.status === 'reversing' && tx.ref_num) {
    const refund = await Refund.requestedFor(deps.db, tx.id)
    if (refund) await reverseRequested(deps, tx.id, tx.ref_num, refund)
  }
  return null
}

/** The verify window passed with no answer: SEP has reversed it, nothing was captured. */
export async function giveUpVerify(
  deps: SettlementDeps,
  txId: number,
  source: SettleSource,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const { tx } = await lockBoth(trx, txId)
    if (tx.status !== 'verifying') return
    await bookNotCaptured(
      trx,
      { id: tx.id, payment_id: tx.payment_id, unknownAmount: tx.amount_irr },
      deps.clock.now(),
    )
    await failAttempt(deps, trx, tx, 'verify_unanswered', { ref_num: null }, source)
  })
}
