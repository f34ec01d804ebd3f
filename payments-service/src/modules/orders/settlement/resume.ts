import type { BankAttempt } from '../../../models/bank-attempt.model.ts'
import { Refund } from '../../../models/refund.model.ts'
import { bookNotCaptured } from '../../ledger/money-events.ts'
import { failAttempt, lockBoth } from './attempt-rows.ts'
import { verifyAndBook } from './book.ts'
import { returnCaptured, reverseRequested } from './give-back.ts'
import type { CallbackOutcome, SettleSource, SettlementDeps } from './settlement-deps.ts'

/** Reconciliation: an answer to a verify or a reversal that never came. */
export async function resume(
  deps: SettlementDeps,
  attempt: BankAttempt,
): Promise<CallbackOutcome | null> {
  if (attempt.status === 'verifying' && attempt.ref_num) {
    return (
      await verifyAndBook(deps, attempt.id, attempt.payment_id, attempt.ref_num, 'reconciliation')
    ).outcome
  }
  if (attempt.status === 'suspense') {
    await returnCaptured(deps, attempt.id)
    return null
  }
  if (attempt.status === 'reversing' && attempt.ref_num) {
    const refund = await Refund.requestedFor(deps.db, attempt.id)
    if (refund) await reverseRequested(deps, attempt.id, attempt.ref_num, refund)
  }
  return null
}

/** The verify window passed with no answer: SEP has reversed it, nothing was captured. */
export async function giveUpVerify(
  deps: SettlementDeps,
  attemptId: number,
  source: SettleSource,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const { attempt } = await lockBoth(trx, attemptId)
    if (attempt.status !== 'verifying') return
    await bookNotCaptured(
      trx,
      { id: attempt.id, payment_id: attempt.payment_id, unknownAmount: attempt.amount_irr },
      deps.clock.now(),
    )
    await failAttempt(deps, trx, attempt, 'verify_unanswered', { ref_num: null }, source)
  })
}
