import type { Knex } from 'knex'
import { scrubText } from '@arzpol/contracts/text'
import {
  GatewayTransaction,
  type GatewayTxStatus,
} from '../../../models/gateway-transaction.model.ts'
import { Payment } from '../../../models/payment.model.ts'
import type { CallbackData } from '../../gateways/gateway.ts'
import { transition } from '../state-machine.ts'
import type { CallbackOutcome, SettleSource, SettlementDeps } from './settlement-deps.ts'

// What every settlement step does with an attempt's row: bound the bank's strings, read where
// the attempt stands, lock it with its order, fail it.

export const FINAL_FAILED = new Set(['failed', 'reversed'])
/** Column widths of gateway_transactions: the bank's strings never overflow them. */
export const clip = (value: string | null, max: number) =>
  value === null ? null : scrubText(value).slice(0, max) || null

/** What the callback said, as the attempt's columns keep it (bounded before any column). */
export const heardOf = (data: CallbackData, now: Date) => ({
  callback_ref_num: clip(data.refNum, 128),
  callback_state: clip(data.state, 64),
  callback_at: now,
  rrn: clip(data.rrn, 64),
  trace_no: clip(data.traceNo, 64),
  masked_pan: clip(data.maskedPan, 32),
})

export const OPEN_STATUSES: readonly GatewayTxStatus[] = ['created', 'token_created']

export function outcomeOf(tx: GatewayTransaction, payment: Payment): CallbackOutcome {
  if (tx.status === 'verified') return 'success'
  if (tx.status === 'verifying') return 'pending'
  // Money of this attempt that is being returned: the customer's order is paid by another
  // attempt (say so), or it is not paid at all.
  if (FINAL_FAILED.has(tx.status) || tx.status === 'suspense' || tx.status === 'reversing') {
    return payment.stage === 'paid' && tx.status !== 'failed' ? 'success' : 'failed'
  }
  return 'pending'
}

/** An attempt never changes order: a caller that read it already may say which it is. */
export async function lockBoth(trx: Knex.Transaction, txId: number, paymentId?: number) {
  const orderId = paymentId ?? (await GatewayTransaction.query(trx).findById(txId))?.payment_id
  if (orderId === undefined) throw new Error(`attempt ${txId} vanished`)
  // Order first, then attempt: the same order as `start`, so no deadlock. Plain rows: every
  // callback takes these locks two or three times, and model instances cost CPU (bench).
  const payment = await Payment.lockRow(trx, orderId)
  const tx = await GatewayTransaction.lockById(trx, txId)
  if (!payment || !tx) throw new Error(`attempt ${txId} vanished`)
  return { payment, tx }
}

export async function failAttempt(
  deps: SettlementDeps,
  trx: Knex.Transaction,
  tx: GatewayTransaction,
  failure: string,
  extra: Partial<GatewayTransaction>,
  source: SettleSource,
) {
  const now = deps.clock.now()
  await GatewayTransaction.query(trx)
    .findById(tx.id)
    .patch({ status: 'failed', failure: failure.slice(0, 64), updated_at: now, ...extra })
  await transition(trx, {
    paymentId: tx.payment_id,
    to: 'payment_failed',
    from: ['awaiting_payment'],
    reason: `${source === 'callback' ? 'gateway' : 'reconciled'}_${failure}`.slice(0, 64),
    actor: source === 'callback' ? 'gateway' : 'system',
    data: { res_num: tx.res_num },
    now,
  })
}
