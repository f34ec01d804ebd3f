import type { Knex } from 'knex'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import { Refund, type RefundRow } from '../../../models/refund.model.ts'
import { lockBoth } from './attempt-rows.ts'
import { proveOwnership } from './prove.ts'
import { closeRefund, openRefund } from './refunds.ts'
import type { SettlementDeps } from './settlement-deps.ts'

/** The reason of a return staff asked for (the others are why money sits in suspense). */
export const STAFF_REFUND = 'staff_refund'

/**
 * Step 4: gives money in suspense back through the bank, once proven to be this attempt's:
 * the RefNum is ours alone (unique claim) and the bank's receipt for this attempt's own token
 * names it. Unproven, or refused by the bank: it stays in suspense for staff.
 */
export async function returnCaptured(deps: SettlementDeps, attemptId: number): Promise<void> {
  const { db, clock, logger } = deps
  const attempt = await BankAttempt.withId(db, attemptId)
  if (!attempt || attempt.status !== 'suspense' || attempt.return_block || !attempt.ref_num) return
  const { proof } = await proveOwnership(deps, attempt, attempt.ref_num)
  if (proof !== 'proven') {
    await BankAttempt.blockSuspenseReturn(db, attemptId, proof, clock.now())
    logger.error(
      { attemptId, refNum: attempt.ref_num, proof },
      'captured money left to staff: not proven',
    )
    return
  }
  const refund = await db.transaction(async (trx) => {
    const { attempt: locked } = await lockBoth(trx, attemptId)
    if (locked.status !== 'suspense' || locked.return_block) return null
    await BankAttempt.patchById(trx, attemptId, { status: 'reversing', updated_at: clock.now() })
    return openRefund(trx, {
      orderId: locked.payment_id,
      attemptId: locked.id,
      amountIrr: locked.amount_irr,
      method: 'gateway_reverse',
      from: 'suspense',
      reason: locked.failure ?? 'suspense',
      staffId: null,
      now: clock.now(),
    })
  })
  if (!refund) return
  deps.onStep?.('return_requested')
  await reverseRequested(deps, attemptId, attempt.ref_num, refund)
}

/**
 * Asks the bank to reverse a requested return and books the answer. A bank that cannot be
 * reached leaves the return `requested` for reconciliation to ask again (SEP answers a
 * repeated reverse with "duplicate", which counts as done).
 */
export async function reverseRequested(
  deps: SettlementDeps,
  attemptId: number,
  refNum: string,
  refund: RefundRow,
) {
  const { logger } = deps
  let ok: boolean
  try {
    const result = await deps.gateway.reverse({ refNum })
    ok = result.ok
    if (!ok) logger.error({ attemptId, refNum, result: result.raw }, 'bank refused the reversal')
  } catch (error) {
    logger.error({ err: error, attemptId, refNum }, 'reversal unanswered: will ask again')
    return
  }
  deps.onStep?.('reversed')
  // The customer hears of a return the bank accepted, or of the transfer replacing one it
  // refused: never a promise the bank may still break.
  await deps.db.transaction(async (trx) => {
    const { attempt } = await lockBoth(trx, attemptId)
    const current = (await Refund.lockedRowWithId(trx, refund.id)) as RefundRow
    if (attempt.status !== 'reversing' || current.status !== 'requested') return
    const now = deps.clock.now()
    let comingBack: RefundRow | null = current
    if (!ok) {
      comingBack = await bookRefused(trx, attempt, current, 'reversal_refused', now)
      // Held for staff, it can only leave by transfer: the customer is asked for an account
      // now (a transfer opened at once asks with its money-back notice).
      if (!comingBack) await deps.onTransferNeeded?.(trx, attempt.payment_id)
    } else {
      await closeRefund(trx, current, 'reversed', { staffId: null, now })
      await BankAttempt.patchById(trx, attemptId, { status: 'reversed', updated_at: now })
    }
    if (comingBack) await deps.onMoneyBack?.(trx, comingBack.id)
  })
}

/**
 * The bank will not reverse: the money goes back to suspense. A return staff asked for
 * continues at once as a manual refund (a bank transfer staff record), which it answers; an
 * automatic one waits on "money to return" with its reason.
 */
export async function bookRefused(
  trx: Knex.Transaction,
  attempt: BankAttempt,
  refund: RefundRow,
  why: 'reversal_refused' | 'reversal_unanswered',
  now: Date,
): Promise<RefundRow | null> {
  await closeRefund(trx, refund, 'refused', { staffId: null, now })
  // Unanswered for the whole window, the bank may yet have reversed it: staff look first.
  if (refund.reason !== STAFF_REFUND || why === 'reversal_unanswered') {
    await BankAttempt.patchById(trx, attempt.id, {
      status: 'suspense',
      return_block: why,
      updated_at: now,
    })
    return null
  }
  // The capture stands at the bank; the customer is paid back by transfer.
  await BankAttempt.patchById(trx, attempt.id, { status: 'verified', updated_at: now })
  return openRefund(trx, {
    orderId: refund.payment_id,
    attemptId: attempt.id,
    amountIrr: refund.amount_irr,
    method: 'manual',
    from: 'suspense',
    reason: STAFF_REFUND,
    staffId: null,
    now,
  })
}

/** The reversal window passed with no answer: the money goes back to suspense for staff. */
export async function giveUpReversal(deps: SettlementDeps, attemptId: number): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const { attempt } = await lockBoth(trx, attemptId)
    if (attempt.status !== 'reversing') return
    const refund = await Refund.lockRequestedFor(trx, attemptId)
    const now = deps.clock.now()
    if (refund) return bookRefused(trx, attempt, refund, 'reversal_unanswered', now)
    await BankAttempt.patchById(trx, attemptId, {
      status: 'suspense',
      return_block: 'reversal_unanswered',
      updated_at: now,
    })
  })
}
