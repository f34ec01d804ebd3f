import type { Knex } from 'knex'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import type { CallbackData } from '../../gateways/gateway.ts'
import { clip, failAttempt, heardOf, lockBoth, OPEN_STATUSES, outcomeOf } from './attempt-rows.ts'
import type { Proof } from './prove.ts'
import type { CallbackOutcome, SettleSource, SettlementDeps } from './settlement-deps.ts'

export type Recorded =
  | { kind: 'done'; outcome: CallbackOutcome }
  | { kind: 'verify'; refNum: string }
  | { kind: 'prove'; refNum: string }
  | { kind: 'wait' }

/** Step 1: store the callback on the attempt and claim its RefNum, before any bank call. */
export async function record(
  deps: SettlementDeps,
  trx: Knex.Transaction,
  found: { id: number; payment_id: number },
  data: CallbackData,
  source: SettleSource,
  proof: Proof | null,
): Promise<Recorded> {
  const { order, attempt } = await lockBoth(trx, found.id, found.payment_id)
  if (attempt.status === 'verifying') return { kind: 'wait' }
  if (attempt.status !== 'created' && attempt.status !== 'token_created') {
    return { kind: 'done', outcome: outcomeOf(attempt, order) }
  }
  const now = deps.clock.now()
  const refNum = clip(data.refNum, 128)
  const heard = { ...heardOf(data, now), raw: { ...attempt.raw, callback: data.raw } }
  if (!data.ok || !refNum) {
    await failAttempt(
      deps,
      trx,
      attempt,
      data.state ? `state_${clip(data.state, 50)}` : 'no_reference',
      heard,
      source,
    )
    return { kind: 'done', outcome: 'failed' }
  }
  const holder = await BankAttempt.claimedRefNum(trx, attempt.gateway, refNum, attempt.id)
  if (holder) {
    // That payment belongs to the attempt that claimed it: never verified or reversed here.
    deps.logger.warn({ orderId: order.id, refNum }, 'replayed bank reference refused')
    await failAttempt(deps, trx, attempt, 'ref_num_reused', heard, source)
    return { kind: 'done', outcome: 'failed' }
  }
  // SEP's verify neither takes nor echoes our ResNum or Token: a RefNum from a browser could
  // be anyone's payment. Before it is verified (captured for this order, or later reversed),
  // the bank's receipt for this attempt's own token must name it. An unproven one is parked
  // on the attempt for staff, the attempt stays open, and the payment stays its owner's.
  if (source === 'callback' && proof !== 'proven') {
    if (proof === null) {
      await BankAttempt.patchById(trx, attempt.id, { ...heard, updated_at: now })
      return { kind: 'prove', refNum }
    }
    deps.logger.warn({ orderId: order.id, refNum, proof }, 'callback reference not proven')
    await BankAttempt.patchById(trx, attempt.id, { ...heard, failure: proof, updated_at: now })
    const outcome = order.stage === 'paid' ? 'success' : 'failed'
    return { kind: 'done', outcome: order.stage === 'awaiting_payment' ? 'pending' : outcome }
  }
  await BankAttempt.patchById(trx, attempt.id, {
    ...heard,
    status: 'verifying',
    ref_num: refNum,
    updated_at: now,
  })
  return { kind: 'verify', refNum }
}

/**
 * The common callback — the bank says paid, on an attempt still open — stores what it said
 * with one guarded UPDATE instead of step 1's transaction: nothing is decided yet, so no lock
 * is needed to keep the RefNum before the receipt call (the claim, under the locks, comes
 * after it). Anything else, or an attempt that moved meanwhile, takes step 1 as written.
 */
export async function heardFirst(
  deps: SettlementDeps,
  found: BankAttempt,
  data: CallbackData,
  source: SettleSource,
): Promise<Recorded | null> {
  const refNum = clip(data.refNum, 128)
  if (source !== 'callback' || !data.ok || !refNum || !OPEN_STATUSES.includes(found.status)) {
    return null
  }
  const now = deps.clock.now()
  const stored = await BankAttempt.recordCallbackWhileOpen(
    deps.db,
    found.id,
    OPEN_STATUSES,
    heardOf(data, now),
    data.raw,
    now,
  )
  return stored === 1 ? { kind: 'prove', refNum } : null
}
