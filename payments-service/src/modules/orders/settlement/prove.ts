import type { BankAttempt } from '../../../models/bank-attempt.model.ts'
import type { CallbackData } from '../../gateways/gateway.ts'
import type { SettlementDeps } from './settlement-deps.ts'

/** Whether the bank's receipt for an attempt's own token names a RefNum. */
export type Proof = 'proven' | 'unproven_reference' | 'receipt_unavailable'
export type Receipt = { proof: Proof } | { proof: 'bank_names_another'; callback: CallbackData }

/** Asks the bank's receipt for the attempt's own token which RefNum, if any, paid it. */
export async function proveOwnership(
  deps: SettlementDeps,
  attempt: BankAttempt,
  refNum: string,
): Promise<Receipt> {
  if (!attempt.token) return { proof: 'unproven_reference' }
  try {
    const receipt = await deps.gateway.inquire({ token: attempt.token })
    if (receipt.kind !== 'paid' || !receipt.callback.refNum) {
      return { proof: 'unproven_reference' }
    }
    return receipt.callback.refNum === refNum
      ? { proof: 'proven' }
      : { proof: 'bank_names_another', callback: receipt.callback }
  } catch (error) {
    deps.logger.warn(
      { err: error, attemptId: attempt.id },
      'receipt unavailable: reference not proven',
    )
    return { proof: 'receipt_unavailable' }
  }
}
