import type { Knex } from 'knex'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import { reverseRequested, STAFF_REFUND } from './give-back.ts'
import { openRefund } from './refunds.ts'
import type { SettlementDeps } from './settlement-deps.ts'

/**
 * Staff give a paid order's money back. Inside the caller's transaction, holding the order's
 * lock: the return is opened (the money leaves the order). After the caller commits,
 * `finishOrderRefund` asks the bank to reverse it, outside any transaction.
 */
export async function openOrderRefund(
  deps: SettlementDeps,
  trx: Knex.Transaction,
  order: { id: number; amount_irr: number },
  staffId: number,
  now: Date,
) {
  const attempt = await BankAttempt.lockVerifiedOf(trx, order.id)
  const reversible = Boolean(attempt?.ref_num)
  if (attempt && reversible) {
    await BankAttempt.patchById(trx, attempt.id, { status: 'reversing', updated_at: now })
  }
  const refund = await openRefund(trx, {
    orderId: order.id,
    attemptId: attempt?.id ?? null,
    amountIrr: order.amount_irr,
    method: reversible ? 'gateway_reverse' : 'manual',
    from: 'order_funds',
    reason: STAFF_REFUND,
    staffId,
    now,
  })
  // A transfer staff will make is money on its way back now; a reversal only once the bank
  // accepted it (reverseRequested).
  if (!reversible) await deps.onMoneyBack?.(trx, refund.id)
  return {
    refund,
    reversal: attempt?.ref_num ? { attemptId: attempt.id, refNum: attempt.ref_num } : null,
  }
}

export async function finishOrderRefund(
  deps: SettlementDeps,
  opened: Awaited<ReturnType<typeof openOrderRefund>>,
) {
  if (opened.reversal) {
    await reverseRequested(deps, opened.reversal.attemptId, opened.reversal.refNum, opened.refund)
  }
}
