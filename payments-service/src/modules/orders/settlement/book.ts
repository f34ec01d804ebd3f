import type { Knex } from 'knex'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import type { Order } from '../../../models/order.model.ts'
import type { VerifyResult } from '../../gateways/gateway.ts'
import type { SuspenseReason } from '../../ledger/journal.ts'
import { bookCapture, bookNotCaptured, bookVerifyUnknown } from '../../ledger/money-events.ts'
import { paidWithForeignCard } from '../checkout/card-restriction.ts'
import { transition } from '../state-machine.ts'
import { clip, failAttempt, lockBoth, outcomeOf } from './attempt-rows.ts'
import { returnCaptured } from './give-back.ts'
import type { CallbackOutcome, SettleSource, SettlementDeps } from './settlement-deps.ts'

type Booked = { outcome: CallbackOutcome; toReturn: boolean }

/** Money the bank says it captured for a claimed RefNum, with what booking it needs. */
interface Capture {
  order: Order
  attempt: BankAttempt
  forLedger: { id: number; payment_id: number; unknownAmount: number }
  refNum: string
  verified: VerifyResult
  captured: number
  details: Partial<BankAttempt>
  by: string
  source: SettleSource
  now: Date
}

/** Step 2 and 3 for a claimed RefNum; also what reconciliation calls to re-verify. */
export async function verifyAndBook(
  deps: SettlementDeps,
  attemptId: number,
  orderId: number,
  refNum: string,
  source: SettleSource,
): Promise<Booked> {
  let verified: VerifyResult | 'unknown'
  try {
    verified = await deps.gateway.verify({ refNum })
  } catch (error) {
    deps.logger.error({ err: error, attemptId, refNum }, 'verify failed: outcome unknown')
    verified = 'unknown'
  }
  deps.onStep?.('verified')
  const booked = await deps.db.transaction((trx) =>
    book(deps, trx, attemptId, orderId, refNum, verified, source),
  )
  deps.onStep?.('booked')
  if (booked.toReturn) await returnCaptured(deps, attemptId)
  return booked
}

/** Step 3: what verify answered, booked under the locks. */
export async function book(
  deps: SettlementDeps,
  trx: Knex.Transaction,
  attemptId: number,
  orderId: number,
  refNum: string,
  verified: VerifyResult | 'unknown',
  source: SettleSource,
): Promise<Booked> {
  const { order, attempt } = await lockBoth(trx, attemptId, orderId)
  if (attempt.status !== 'verifying' || attempt.ref_num !== refNum) {
    return { outcome: outcomeOf(attempt, order), toReturn: false }
  }
  const now = deps.clock.now()
  const forLedger = {
    id: attempt.id,
    payment_id: attempt.payment_id,
    unknownAmount: attempt.amount_irr,
  }
  if (verified === 'unknown') {
    await bookVerifyUnknown(trx, attempt, attempt.amount_irr, now)
    await BankAttempt.patchById(trx, attempt.id, {
      verify_tries: attempt.verify_tries + 1,
      failure: 'verify_unknown',
      updated_at: now,
    })
    return { outcome: 'pending', toReturn: false }
  }
  const raw = { ...attempt.raw, verify: verified.raw as never }
  if (!verified.ok) {
    await bookNotCaptured(trx, forLedger, now)
    // The claim is released: a RefNum the bank does not know for us must not block another.
    await failAttempt(
      deps,
      trx,
      attempt,
      `verify_${verified.resultCode ?? 'unknown'}`,
      { raw, ref_num: null },
      source,
    )
    return { outcome: 'failed', toReturn: false }
  }
  // An answer without the amount proves nothing about what the bank took: it is a mismatch
  // (held and returned), never taken as ours. The ledger still books the attempt's own amount,
  // the only amount a token for it lets the bank capture, so the return has a balance to move.
  const captured = verified.amountIrr ?? attempt.amount_irr
  const details = {
    rrn: clip(verified.rrn, 64) ?? attempt.rrn,
    masked_pan: clip(verified.maskedPan, 32) ?? attempt.masked_pan,
    hashed_pan: clip(verified.hashedPan, 128),
    raw,
    verified_at: now,
    updated_at: now,
  }
  const by = source === 'callback' ? 'gateway' : 'system'
  const capture = {
    order,
    attempt,
    forLedger,
    refNum,
    verified,
    captured,
    details,
    by,
    source,
    now,
  }
  const mismatch = await suspenseReasonOf(trx, capture)
  if (!mismatch && order.stage === 'awaiting_payment') return bookPaid(trx, capture)
  return bookSuspense(deps, trx, capture, mismatch)
}

/** Why a capture cannot pay its order whatever the order's stage; null when nothing is off. */
async function suspenseReasonOf(
  trx: Knex.Transaction,
  { order, attempt, refNum, verified, captured }: Capture,
): Promise<SuspenseReason | null> {
  return verified.refNum !== null && verified.refNum !== refNum
    ? 'reference_mismatch'
    : verified.amountIrr === null ||
        captured !== attempt.amount_irr ||
        attempt.amount_irr !== order.amount_irr
      ? 'amount_mismatch'
      : (await paidWithForeignCard(trx, order.user_id, verified.hashedPan))
        ? 'foreign_card'
        : null
}

/** The capture an order waiting for exactly it was: the order is paid. */
async function bookPaid(trx: Knex.Transaction, capture: Capture): Promise<Booked> {
  const { order, attempt, forLedger, refNum, captured, details, by, source, now } = capture
  await bookCapture(trx, forLedger, { amount: captured, to: 'order', at: now, by })
  await BankAttempt.patchById(trx, attempt.id, { ...details, status: 'verified', failure: null })
  const moved = await transition(trx, {
    orderId: order.id,
    to: 'paid',
    from: ['awaiting_payment'],
    reason: source === 'callback' ? 'gateway_verified' : 'reconciled_verified',
    actor: source === 'callback' ? 'gateway' : 'system',
    data: { res_num: attempt.res_num, ref_num: refNum, amount_irr: attempt.amount_irr },
    patch: { paid_at: now },
    now,
  })
  if (!moved) throw new Error(`order ${order.id} left awaiting_payment under its own lock`)
  return { outcome: 'success', toReturn: false }
}

async function bookSuspense(
  deps: SettlementDeps,
  trx: Knex.Transaction,
  capture: Capture,
  mismatch: SuspenseReason | null,
): Promise<Booked> {
  const { order, attempt, forLedger, refNum, verified, captured, details, by, source, now } =
    capture
  // Captured, but not for an order waiting for exactly this: paid twice (two tabs), paid after
  // the order was cancelled or expired, or a different amount or reference.
  const reason: SuspenseReason =
    mismatch ??
    (order.stage === 'paid' || order.stage === 'in_progress' || order.stage === 'done'
      ? 'duplicate_payment'
      : 'late_payment')
  deps.logger.error(
    {
      orderId: order.id,
      refNum,
      reason,
      expected: attempt.amount_irr,
      verified: verified.amountIrr,
    },
    'captured money is not on a paid order: into suspense, to be returned',
  )
  await bookCapture(trx, forLedger, { amount: captured, to: reason, at: now, by })
  await BankAttempt.patchById(trx, attempt.id, {
    ...details,
    status: 'suspense',
    failure: reason,
    amount_irr: attempt.amount_irr,
  })
  if (order.stage === 'awaiting_payment') {
    await transition(trx, {
      orderId: order.id,
      to: 'payment_failed',
      from: ['awaiting_payment'],
      reason: `${source === 'callback' ? 'gateway' : 'reconciled'}_${reason}`,
      actor: source === 'callback' ? 'gateway' : 'system',
      data: { res_num: attempt.res_num },
      now,
    })
  }
  return { outcome: order.stage === 'paid' ? 'success' : 'failed', toReturn: true }
}
