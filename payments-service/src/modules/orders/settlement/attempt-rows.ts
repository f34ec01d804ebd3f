import type { Knex } from 'knex'
import { scrubText } from '@arzpol/contracts/text'
import { BankAttempt, type GatewayTxStatus } from '../../../models/bank-attempt.model.ts'
import { Order } from '../../../models/order.model.ts'
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

export function outcomeOf(attempt: BankAttempt, order: Order): CallbackOutcome {
  if (attempt.status === 'verified') return 'success'
  if (attempt.status === 'verifying') return 'pending'
  // Money of this attempt that is being returned: the customer's order is paid by another
  // attempt (say so), or it is not paid at all.
  if (
    FINAL_FAILED.has(attempt.status) ||
    attempt.status === 'suspense' ||
    attempt.status === 'reversing'
  ) {
    return order.stage === 'paid' && attempt.status !== 'failed' ? 'success' : 'failed'
  }
  return 'pending'
}

/** An attempt never changes order: a caller that read it already may say which it is. */
export async function lockBoth(trx: Knex.Transaction, attemptId: number, knownOrderId?: number) {
  const orderId = knownOrderId ?? (await BankAttempt.withId(trx, attemptId))?.payment_id
  if (orderId === undefined) throw new Error(`attempt ${attemptId} vanished`)
  // Order first, then attempt: the same order as `start`, so no deadlock. Plain rows: every
  // callback takes these locks two or three times, and model instances cost CPU (bench).
  const order = await Order.lockedRowWithId(trx, orderId)
  const attempt = await BankAttempt.lockedRowWithId(trx, attemptId)
  if (!order || !attempt) throw new Error(`attempt ${attemptId} vanished`)
  return { order, attempt }
}

export async function failAttempt(
  deps: SettlementDeps,
  trx: Knex.Transaction,
  attempt: BankAttempt,
  failure: string,
  extra: Partial<BankAttempt>,
  source: SettleSource,
) {
  const now = deps.clock.now()
  await BankAttempt.patchById(trx, attempt.id, {
    status: 'failed',
    failure: failure.slice(0, 64),
    updated_at: now,
    ...extra,
  })
  await transition(trx, {
    orderId: attempt.payment_id,
    to: 'payment_failed',
    from: ['awaiting_payment'],
    reason: `${source === 'callback' ? 'gateway' : 'reconciled'}_${failure}`.slice(0, 64),
    actor: source === 'callback' ? 'gateway' : 'system',
    data: { res_num: attempt.res_num },
    now,
  })
}
