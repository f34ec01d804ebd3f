import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { isUniqueViolation } from '../../../db/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import { scrubText } from '@arzpol/contracts/text'
import {
  GatewayTransaction,
  type GatewayTxStatus,
} from '../../../models/gateway-transaction.model.ts'
import { Payment } from '../../../models/payment.model.ts'
import { Refund, type RefundRow } from '../../../models/refund.model.ts'
import type { CallbackData, PaymentGateway, VerifyResult } from '../../gateways/gateway.ts'
import type { SuspenseReason } from '../../ledger/journal.ts'
import { bookCapture, bookNotCaptured, bookVerifyUnknown } from '../../ledger/money-events.ts'
import { closeRefund, openRefund } from './refunds.ts'
import { paidWithForeignCard } from '../checkout/card-restriction.ts'
import { transition } from '../state-machine.ts'

/**
 * Settling a bank payment (ADR 012). The callback is only a hint, posted by a browser anyone
 * can forge; only the bank's verify books money. Each step is its own short transaction under
 * the order's and the attempt's row locks, and every bank call happens between them, never
 * while a lock or a pool connection is held:
 *
 * 1. record: what the callback said is stored on the attempt before the bank hears of it; a
 *    RefNum no other attempt holds is claimed (`verifying`, unique per gateway);
 * 2. verify, outside any transaction;
 * 3. book: the captured money goes onto the order (paid) or into suspense with its reason
 *    (paid twice, late, amount or reference mismatch), with its ledger entry; an unanswered
 *    verify books "unconfirmed" and leaves the claim for reconciliation to verify again;
 * 4. return: money in suspense goes back through the bank only when the bank's receipt for
 *    this attempt's own token names the same RefNum; anything unproven stays for staff.
 *
 * A crash between steps leaves a state the next callback or the reconciliation run resumes
 * from; every step is idempotent (row status guards and ledger idempotency keys).
 */

export type CallbackOutcome = 'success' | 'failed' | 'pending'
/** Who brought the bank's word: its callback, or our reconciliation job asking for a receipt. */
export type SettleSource = 'callback' | 'reconciliation'

export interface SettlementDeps {
  db: Knex
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  /** How long a duplicate callback waits for the verify another one started. */
  waitForVerifyMs?: number
  /**
   * Told after each step commits or each bank answer arrives; the model-based test throws
   * from it to crash the settlement between two steps.
   */
  onStep?: (step: SettlementStep) => void
  /** Told after a return of an order's money opened and committed (the customer's SMS). */
  onMoneyBack?: (refundId: number) => Promise<void>
}

export type SettlementStep = 'recorded' | 'verified' | 'booked' | 'return_requested' | 'reversed'

type Settled = { paymentId: number; outcome: CallbackOutcome }
type Recorded =
  | { kind: 'done'; outcome: CallbackOutcome }
  | { kind: 'verify'; refNum: string }
  | { kind: 'prove'; refNum: string }
  | { kind: 'wait' }
/** Whether the bank's receipt for an attempt's own token names a RefNum. */
type Proof = 'proven' | 'unproven_reference' | 'receipt_unavailable'
type Receipt = { proof: Proof } | { proof: 'bank_names_another'; callback: CallbackData }

const FINAL_FAILED = new Set(['failed', 'reversed'])
/** The reason of a return staff asked for (the others are why money sits in suspense). */
const STAFF_REFUND = 'staff_refund'
/** Column widths of gateway_transactions: the bank's strings never overflow them. */
const clip = (value: string | null, max: number) =>
  value === null ? null : scrubText(value).slice(0, max) || null

/** What the callback said, as the attempt's columns keep it (bounded before any column). */
const heardOf = (data: CallbackData, now: Date) => ({
  callback_ref_num: clip(data.refNum, 128),
  callback_state: clip(data.state, 64),
  callback_at: now,
  rrn: clip(data.rrn, 64),
  trace_no: clip(data.traceNo, 64),
  masked_pan: clip(data.maskedPan, 32),
})

const OPEN_STATUSES: readonly GatewayTxStatus[] = ['created', 'token_created']

export function createSettlement(deps: SettlementDeps) {
  const { db, clock, logger, gateway } = deps

  function outcomeOf(tx: GatewayTransaction, payment: Payment): CallbackOutcome {
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
  async function lockBoth(trx: Knex.Transaction, txId: number, paymentId?: number) {
    const orderId = paymentId ?? (await GatewayTransaction.query(trx).findById(txId))?.payment_id
    if (orderId === undefined) throw new Error(`attempt ${txId} vanished`)
    // Order first, then attempt: the same order as `start`, so no deadlock. Plain rows: every
    // callback takes these locks two or three times, and model instances cost CPU (bench).
    const payment = await Payment.lockRow(trx, orderId)
    const tx = await GatewayTransaction.lockById(trx, txId)
    if (!payment || !tx) throw new Error(`attempt ${txId} vanished`)
    return { payment, tx }
  }

  async function failPayment(
    trx: Knex.Transaction,
    tx: GatewayTransaction,
    failure: string,
    extra: Partial<GatewayTransaction>,
    source: SettleSource,
  ) {
    const now = clock.now()
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

  /** Step 1: store the callback on the attempt and claim its RefNum, before any bank call. */
  async function record(
    trx: Knex.Transaction,
    found: { id: number; payment_id: number },
    data: CallbackData,
    source: SettleSource,
    proof: Proof | null,
  ): Promise<Recorded> {
    const { payment, tx } = await lockBoth(trx, found.id, found.payment_id)
    if (tx.status === 'verifying') return { kind: 'wait' }
    if (tx.status !== 'created' && tx.status !== 'token_created') {
      return { kind: 'done', outcome: outcomeOf(tx, payment) }
    }
    const now = clock.now()
    const refNum = clip(data.refNum, 128)
    const heard = { ...heardOf(data, now), raw: { ...tx.raw, callback: data.raw } }
    if (!data.ok || !refNum) {
      await failPayment(
        trx,
        tx,
        data.state ? `state_${clip(data.state, 50)}` : 'no_reference',
        heard,
        source,
      )
      return { kind: 'done', outcome: 'failed' }
    }
    const holder = await GatewayTransaction.query(trx)
      .where({ gateway: tx.gateway, ref_num: refNum })
      .whereNot({ id: tx.id })
      .first()
    if (holder) {
      // That payment belongs to the attempt that claimed it: never verified or reversed here.
      logger.warn({ paymentId: payment.id, refNum }, 'replayed bank reference refused')
      await failPayment(trx, tx, 'ref_num_reused', heard, source)
      return { kind: 'done', outcome: 'failed' }
    }
    // SEP's verify neither takes nor echoes our ResNum or Token: a RefNum from a browser could
    // be anyone's payment. Before it is verified (captured for this order, or later reversed),
    // the bank's receipt for this attempt's own token must name it. An unproven one is parked
    // on the attempt for staff, the attempt stays open, and the payment stays its owner's.
    if (source === 'callback' && proof !== 'proven') {
      if (proof === null) {
        await GatewayTransaction.query(trx)
          .findById(tx.id)
          .patch({ ...heard, updated_at: now })
        return { kind: 'prove', refNum }
      }
      logger.warn({ paymentId: payment.id, refNum, proof }, 'callback reference not proven')
      await GatewayTransaction.query(trx)
        .findById(tx.id)
        .patch({ ...heard, failure: proof, updated_at: now })
      const outcome = payment.stage === 'paid' ? 'success' : 'failed'
      return { kind: 'done', outcome: payment.stage === 'awaiting_payment' ? 'pending' : outcome }
    }
    await GatewayTransaction.query(trx)
      .findById(tx.id)
      .patch({ ...heard, status: 'verifying', ref_num: refNum, updated_at: now })
    return { kind: 'verify', refNum }
  }

  /** Step 3: what verify answered, booked under the locks. */
  async function book(
    trx: Knex.Transaction,
    txId: number,
    paymentId: number,
    refNum: string,
    verified: VerifyResult | 'unknown',
    source: SettleSource,
  ): Promise<{ outcome: CallbackOutcome; toReturn: boolean }> {
    const { payment, tx } = await lockBoth(trx, txId, paymentId)
    if (tx.status !== 'verifying' || tx.ref_num !== refNum) {
      return { outcome: outcomeOf(tx, payment), toReturn: false }
    }
    const now = clock.now()
    const attempt = { id: tx.id, payment_id: tx.payment_id, unknownAmount: tx.amount_irr }
    if (verified === 'unknown') {
      await bookVerifyUnknown(trx, tx, tx.amount_irr, now)
      await GatewayTransaction.query(trx)
        .findById(tx.id)
        .patch({ verify_tries: tx.verify_tries + 1, failure: 'verify_unknown', updated_at: now })
      return { outcome: 'pending', toReturn: false }
    }
    const raw = { ...tx.raw, verify: verified.raw as never }
    if (!verified.ok) {
      await bookNotCaptured(trx, attempt, now)
      // The claim is released: a RefNum the bank does not know for us must not block another.
      await failPayment(
        trx,
        tx,
        `verify_${verified.resultCode ?? 'unknown'}`,
        { raw, ref_num: null },
        source,
      )
      return { outcome: 'failed', toReturn: false }
    }
    // An answer without the amount proves nothing about what the bank took: it is a mismatch
    // (held and returned), never taken as ours. The ledger still books the attempt's own amount,
    // the only amount a token for it lets the bank capture, so the return has a balance to move.
    const captured = verified.amountIrr ?? tx.amount_irr
    const mismatch: SuspenseReason | null =
      verified.refNum !== null && verified.refNum !== refNum
        ? 'reference_mismatch'
        : verified.amountIrr === null ||
            captured !== tx.amount_irr ||
            tx.amount_irr !== payment.amount_irr
          ? 'amount_mismatch'
          : (await paidWithForeignCard(trx, payment.user_id, verified.hashedPan))
            ? 'foreign_card'
            : null
    const details = {
      rrn: clip(verified.rrn, 64) ?? tx.rrn,
      masked_pan: clip(verified.maskedPan, 32) ?? tx.masked_pan,
      hashed_pan: clip(verified.hashedPan, 128),
      raw,
      verified_at: now,
      updated_at: now,
    }
    const by = source === 'callback' ? 'gateway' : 'system'
    if (!mismatch && payment.stage === 'awaiting_payment') {
      await bookCapture(trx, attempt, { amount: captured, to: 'order', at: now, by })
      await GatewayTransaction.query(trx)
        .findById(tx.id)
        .patch({ ...details, status: 'verified', failure: null })
      const moved = await transition(trx, {
        paymentId: payment.id,
        to: 'paid',
        from: ['awaiting_payment'],
        reason: source === 'callback' ? 'gateway_verified' : 'reconciled_verified',
        actor: source === 'callback' ? 'gateway' : 'system',
        data: { res_num: tx.res_num, ref_num: refNum, amount_irr: tx.amount_irr },
        patch: { paid_at: now },
        now,
      })
      if (!moved) throw new Error(`order ${payment.id} left awaiting_payment under its own lock`)
      return { outcome: 'success', toReturn: false }
    }
    // Captured, but not for an order waiting for exactly this: paid twice (two tabs), paid after
    // the order was cancelled or expired, or a different amount or reference.
    const reason: SuspenseReason =
      mismatch ??
      (payment.stage === 'paid' || payment.stage === 'in_progress' || payment.stage === 'done'
        ? 'duplicate_payment'
        : 'late_payment')
    logger.error(
      {
        paymentId: payment.id,
        refNum,
        reason,
        expected: tx.amount_irr,
        verified: verified.amountIrr,
      },
      'captured money is not on a paid order: into suspense, to be returned',
    )
    await bookCapture(trx, attempt, { amount: captured, to: reason, at: now, by })
    await GatewayTransaction.query(trx)
      .findById(tx.id)
      .patch({ ...details, status: 'suspense', failure: reason, amount_irr: tx.amount_irr })
    if (payment.stage === 'awaiting_payment') {
      await transition(trx, {
        paymentId: payment.id,
        to: 'payment_failed',
        from: ['awaiting_payment'],
        reason: `${source === 'callback' ? 'gateway' : 'reconciled'}_${reason}`,
        actor: source === 'callback' ? 'gateway' : 'system',
        data: { res_num: tx.res_num },
        now,
      })
    }
    return { outcome: payment.stage === 'paid' ? 'success' : 'failed', toReturn: true }
  }

  /** Step 2 and 3 for a claimed RefNum; also what reconciliation calls to re-verify. */
  async function verifyAndBook(
    txId: number,
    paymentId: number,
    refNum: string,
    source: SettleSource,
  ): Promise<{ outcome: CallbackOutcome; toReturn: boolean }> {
    let verified: VerifyResult | 'unknown'
    try {
      verified = await gateway.verify({ refNum })
    } catch (error) {
      logger.error({ err: error, txId, refNum }, 'verify failed: outcome unknown')
      verified = 'unknown'
    }
    deps.onStep?.('verified')
    const booked = await db.transaction((trx) =>
      book(trx, txId, paymentId, refNum, verified, source),
    )
    deps.onStep?.('booked')
    if (booked.toReturn) await returnCaptured(txId)
    return booked
  }

  /** A second copy of a callback waits for the verify the first one started. */
  async function waitForOutcome(txId: number): Promise<CallbackOutcome> {
    const deadline = Date.now() + (deps.waitForVerifyMs ?? 20_000)
    for (;;) {
      const tx = await GatewayTransaction.query(db).findById(txId)
      const payment = tx && (await Payment.query(db).findById(tx.payment_id))
      if (!tx || !payment) throw new Error(`attempt ${txId} vanished`)
      const outcome = outcomeOf(tx, payment)
      if (outcome !== 'pending' || tx.status !== 'verifying' || tx.failure === 'verify_unknown') {
        return outcome
      }
      if (Date.now() > deadline) return 'pending'
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  /**
   * The common callback — the bank says paid, on an attempt still open — stores what it said
   * with one guarded UPDATE instead of step 1's transaction: nothing is decided yet, so no lock
   * is needed to keep the RefNum before the receipt call (the claim, under the locks, comes
   * after it). Anything else, or an attempt that moved meanwhile, takes step 1 as written.
   */
  async function heardFirst(
    found: GatewayTransaction,
    data: CallbackData,
    source: SettleSource,
  ): Promise<Recorded | null> {
    const refNum = clip(data.refNum, 128)
    if (source !== 'callback' || !data.ok || !refNum || !OPEN_STATUSES.includes(found.status)) {
      return null
    }
    const now = clock.now()
    const stored = await GatewayTransaction.recordCallbackWhileOpen(
      db,
      found.id,
      OPEN_STATUSES,
      heardOf(data, now),
      data.raw,
      now,
    )
    return stored === 1 ? { kind: 'prove', refNum } : null
  }

  /**
   * Settles one attempt from what the bank said about it: its callback, or its receipt when
   * the reconciliation job asks the bank about an attempt whose callback never came.
   */
  async function settleAttempt(
    found: GatewayTransaction,
    data: CallbackData,
    source: SettleSource,
  ): Promise<{ paymentId: number | null; outcome: CallbackOutcome }> {
    let recorded: Recorded
    try {
      recorded =
        (await heardFirst(found, data, source)) ??
        (await db.transaction((trx) => record(trx, found, data, source, null)))
      if (recorded.kind === 'prove') {
        const receipt = await proveOwnership(found, recorded.refNum)
        // The bank says this attempt was paid with another RefNum: its word replaces the hint.
        const [heard, proof] =
          receipt.proof === 'bank_names_another'
            ? [receipt.callback, 'proven' as const]
            : [data, receipt.proof]
        recorded = await db.transaction((trx) => record(trx, found, heard, source, proof))
      }
    } catch (error) {
      // Two attempts claiming one bank reference at the same instant: the unique index let
      // one through; this one is a replay.
      if (!isUniqueViolation(error, 'gateway_transactions_ref_num_unique')) throw error
      await db.transaction(async (trx) => {
        const { tx } = await lockBoth(trx, found.id, found.payment_id)
        if (tx.status === 'created' || tx.status === 'token_created') {
          await failPayment(trx, tx, 'ref_num_reused', {}, source)
        }
      })
      return { paymentId: found.payment_id, outcome: 'failed' }
    }
    deps.onStep?.('recorded')
    const settled: Settled = { paymentId: found.payment_id, outcome: 'pending' }
    if (recorded.kind === 'done') return { ...settled, outcome: recorded.outcome }
    if (recorded.kind === 'wait') return { ...settled, outcome: await waitForOutcome(found.id) }
    if (recorded.kind === 'prove') return settled
    const booked = await verifyAndBook(found.id, found.payment_id, recorded.refNum, source)
    return { ...settled, outcome: booked.outcome }
  }

  /**
   * Step 4: gives money in suspense back through the bank, once proven to be this attempt's:
   * the RefNum is ours alone (unique claim) and the bank's receipt for this attempt's own token
   * names it. Unproven, or refused by the bank: it stays in suspense for staff.
   */
  async function returnCaptured(txId: number): Promise<void> {
    const tx = await GatewayTransaction.query(db).findById(txId)
    if (!tx || tx.status !== 'suspense' || tx.return_block || !tx.ref_num) return
    const { proof } = await proveOwnership(tx, tx.ref_num)
    if (proof !== 'proven') {
      await GatewayTransaction.blockSuspenseReturn(db, txId, proof, clock.now())
      logger.error({ txId, refNum: tx.ref_num, proof }, 'captured money left to staff: not proven')
      return
    }
    const refund = await db.transaction(async (trx) => {
      const { tx: locked } = await lockBoth(trx, txId)
      if (locked.status !== 'suspense' || locked.return_block) return null
      await GatewayTransaction.query(trx)
        .findById(txId)
        .patch({ status: 'reversing', updated_at: clock.now() })
      return openRefund(trx, {
        paymentId: locked.payment_id,
        gatewayTxId: locked.id,
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
    await reverseRequested(txId, tx.ref_num, refund)
  }

  /** Asks the bank's receipt for the attempt's own token which RefNum, if any, paid it. */
  async function proveOwnership(tx: GatewayTransaction, refNum: string): Promise<Receipt> {
    if (!tx.token) return { proof: 'unproven_reference' }
    try {
      const receipt = await gateway.inquire({ token: tx.token })
      if (receipt.kind !== 'paid' || !receipt.callback.refNum) {
        return { proof: 'unproven_reference' }
      }
      return receipt.callback.refNum === refNum
        ? { proof: 'proven' }
        : { proof: 'bank_names_another', callback: receipt.callback }
    } catch (error) {
      logger.warn({ err: error, txId: tx.id }, 'receipt unavailable: reference not proven')
      return { proof: 'receipt_unavailable' }
    }
  }

  /**
   * Asks the bank to reverse a requested return and books the answer. A bank that cannot be
   * reached leaves the return `requested` for reconciliation to ask again (SEP answers a
   * repeated reverse with "duplicate", which counts as done).
   */
  async function reverseRequested(txId: number, refNum: string, refund: RefundRow) {
    let ok: boolean
    try {
      const result = await gateway.reverse({ refNum })
      ok = result.ok
      if (!ok) logger.error({ txId, refNum, result: result.raw }, 'bank refused the reversal')
    } catch (error) {
      logger.error({ err: error, txId, refNum }, 'reversal unanswered: will ask again')
      return
    }
    deps.onStep?.('reversed')
    // The customer hears of a return the bank accepted, or of the transfer replacing one it
    // refused: never a promise the bank may still break.
    const comingBack = await db.transaction(async (trx) => {
      const { tx } = await lockBoth(trx, txId)
      const current = (await Refund.lockById(trx, refund.id)) as RefundRow
      if (tx.status !== 'reversing' || current.status !== 'requested') return null
      const now = clock.now()
      if (!ok) return bookRefused(trx, tx, current, 'reversal_refused', now)
      await closeRefund(trx, current, 'reversed', { staffId: null, now })
      await GatewayTransaction.query(trx)
        .findById(txId)
        .patch({ status: 'reversed', updated_at: now })
      return current
    })
    if (comingBack) await deps.onMoneyBack?.(comingBack.id)
  }

  /**
   * The bank will not reverse: the money goes back to suspense. A return staff asked for
   * continues at once as a manual refund (a bank transfer staff record), which it answers; an
   * automatic one waits on "money to return" with its reason.
   */
  async function bookRefused(
    trx: Knex.Transaction,
    tx: GatewayTransaction,
    refund: RefundRow,
    why: 'reversal_refused' | 'reversal_unanswered',
    now: Date,
  ): Promise<RefundRow | null> {
    await closeRefund(trx, refund, 'refused', { staffId: null, now })
    // Unanswered for the whole window, the bank may yet have reversed it: staff look first.
    if (refund.reason !== STAFF_REFUND || why === 'reversal_unanswered') {
      await GatewayTransaction.query(trx)
        .findById(tx.id)
        .patch({ status: 'suspense', return_block: why, updated_at: now })
      return null
    }
    // The capture stands at the bank; the customer is paid back by transfer.
    await GatewayTransaction.query(trx)
      .findById(tx.id)
      .patch({ status: 'verified', updated_at: now })
    return openRefund(trx, {
      paymentId: refund.payment_id,
      gatewayTxId: tx.id,
      amountIrr: refund.amount_irr,
      method: 'manual',
      from: 'suspense',
      reason: STAFF_REFUND,
      staffId: null,
      now,
    })
  }

  /**
   * Staff give a paid order's money back. Inside the caller's transaction, holding the order's
   * lock: the return is opened (the money leaves the order). After the caller commits,
   * `finishOrderRefund` asks the bank to reverse it, outside any transaction.
   */
  async function openOrderRefund(
    trx: Knex.Transaction,
    payment: { id: number; amount_irr: number },
    staffId: number,
    now: Date,
  ) {
    const attempt = await GatewayTransaction.lockVerifiedOf(trx, payment.id)
    const reversible = Boolean(attempt?.ref_num)
    if (attempt && reversible) {
      await GatewayTransaction.query(trx)
        .findById(attempt.id)
        .patch({ status: 'reversing', updated_at: now })
    }
    const refund = await openRefund(trx, {
      paymentId: payment.id,
      gatewayTxId: attempt?.id ?? null,
      amountIrr: payment.amount_irr,
      method: reversible ? 'gateway_reverse' : 'manual',
      from: 'order_funds',
      reason: STAFF_REFUND,
      staffId,
      now,
    })
    return {
      refund,
      reversal: attempt?.ref_num ? { txId: attempt.id, refNum: attempt.ref_num } : null,
    }
  }

  async function finishOrderRefund(opened: Awaited<ReturnType<typeof openOrderRefund>>) {
    if (!opened.reversal) await deps.onMoneyBack?.(opened.refund.id)
    if (opened.reversal) {
      await reverseRequested(opened.reversal.txId, opened.reversal.refNum, opened.refund)
    }
  }

  /** Reconciliation: an answer to a verify or a reversal that never came. */
  async function resume(tx: GatewayTransaction): Promise<CallbackOutcome | null> {
    if (tx.status === 'verifying' && tx.ref_num) {
      return (await verifyAndBook(tx.id, tx.payment_id, tx.ref_num, 'reconciliation')).outcome
    }
    if (tx.status === 'suspense') {
      await returnCaptured(tx.id)
      return null
    }
    if (tx.status === 'reversing' && tx.ref_num) {
      const refund = await Refund.requestedFor(db, tx.id)
      if (refund) await reverseRequested(tx.id, tx.ref_num, refund)
    }
    return null
  }

  /** The reversal window passed with no answer: the money goes back to suspense for staff. */
  async function giveUpReversal(txId: number): Promise<void> {
    await db.transaction(async (trx) => {
      const { tx } = await lockBoth(trx, txId)
      if (tx.status !== 'reversing') return
      const refund = await Refund.lockRequestedFor(trx, txId)
      const now = clock.now()
      if (refund) return bookRefused(trx, tx, refund, 'reversal_unanswered', now)
      await GatewayTransaction.query(trx)
        .findById(txId)
        .patch({ status: 'suspense', return_block: 'reversal_unanswered', updated_at: now })
    })
  }

  /** The verify window passed with no answer: SEP has reversed it, nothing was captured. */
  async function giveUpVerify(txId: number, source: SettleSource): Promise<void> {
    await db.transaction(async (trx) => {
      const { tx } = await lockBoth(trx, txId)
      if (tx.status !== 'verifying') return
      await bookNotCaptured(
        trx,
        { id: tx.id, payment_id: tx.payment_id, unknownAmount: tx.amount_irr },
        clock.now(),
      )
      await failPayment(trx, tx, 'verify_unanswered', { ref_num: null }, source)
    })
  }

  return {
    settleAttempt,
    resume,
    giveUpReversal,
    giveUpVerify,
    returnCaptured,
    openOrderRefund,
    finishOrderRefund,
  }
}

export type Settlement = ReturnType<typeof createSettlement>
