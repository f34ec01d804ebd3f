import { giveUpReversal, returnCaptured } from './give-back.ts'
import { finishOrderRefund, openOrderRefund } from './order-refund.ts'
import { giveUpVerify, resume } from './resume.ts'
import { settleAttempt } from './settle-attempt.ts'
import type { SettlementDeps } from './settlement-deps.ts'

/**
 * Settling a bank payment (ADR 014). The callback is only a hint, posted by a browser anyone
 * can forge; only the bank's verify books money. Each step is its own short transaction under
 * the order's and the attempt's row locks, and every bank call happens between them, never
 * while a lock or a pool connection is held:
 *
 * 1. record (record.ts): what the callback said is stored on the attempt before the bank hears
 *    of it; a RefNum no other attempt holds is claimed (`verifying`, unique per gateway); a
 *    callback's RefNum is first proven by the bank's receipt (prove.ts);
 * 2. verify (book.ts), outside any transaction;
 * 3. book (book.ts): the captured money goes onto the order (paid) or into suspense with its
 *    reason (paid twice, late, amount or reference mismatch), with its ledger entry; an
 *    unanswered verify books "unconfirmed" and leaves the claim for reconciliation to verify
 *    again;
 * 4. return (give-back.ts): money in suspense goes back through the bank only when the bank's
 *    receipt for this attempt's own token names the same RefNum; anything unproven stays for
 *    staff.
 *
 * settle-attempt.ts runs the steps in order for one callback or receipt; order-refund.ts is
 * staff giving a paid order's money back; resume.ts is reconciliation picking up a step whose
 * answer never came. The row helpers every step shares are in attempt-rows.ts.
 *
 * A crash between steps leaves a state the next callback or the reconciliation run resumes
 * from; every step is idempotent (row status guards and ledger idempotency keys).
 */

export type {
  CallbackOutcome,
  SettleSource,
  SettlementDeps,
  SettlementStep,
} from './settlement-deps.ts'

/** The settlement's steps that callers use, each already handed its dependencies. */
export function createSettlement(deps: SettlementDeps) {
  return {
    settleAttempt: settleAttempt.bind(null, deps),
    resume: resume.bind(null, deps),
    giveUpReversal: giveUpReversal.bind(null, deps),
    giveUpVerify: giveUpVerify.bind(null, deps),
    returnCaptured: returnCaptured.bind(null, deps),
    openOrderRefund: openOrderRefund.bind(null, deps),
    finishOrderRefund: finishOrderRefund.bind(null, deps),
  }
}

export type Settlement = ReturnType<typeof createSettlement>
