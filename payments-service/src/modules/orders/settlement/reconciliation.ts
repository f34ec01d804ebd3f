import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { AppDeps } from '../../../http/context.ts'
import type { Clock } from '../../../lib/clock.ts'
import { runPeriodically, type PeriodicTask } from '../../../lib/periodic.ts'
import {
  GatewayTransaction,
  type ReconcileBatch,
} from '../../../models/gateway-transaction.model.ts'
import { Payment } from '../../../models/payment.model.ts'
import type { PaymentGateway } from '../../gateways/gateway.ts'
import { purgeExpiredIdempotencyKeys } from '../checkout/idempotency.ts'
import type { Settlement } from './settlement.ts'
import { recordEvent } from '../state-machine.ts'

/**
 * Reconciliation (domain.md §1.f "reconcile periodically"): the callback is the only way the
 * bank tells us about a payment, and it can be lost — the customer closes the tab on the bank's
 * return page, web is down, or we crash between "paid at the bank" and "verified". SEP reverses
 * an unverified payment after 30 minutes, so such an order would sit unpaid while the customer's
 * money comes and goes.
 *
 * Each run looks at the attempts still open (`token_created`) after `graceMinutes` (time for
 * the callback itself to arrive) and asks the bank for each one's receipt by token:
 * - paid → the callback's own settle path: verify, compare the amount, consume the reference,
 *   move the order to `paid` (event `reconciled_verified` by `system`), or reverse when the
 *   order no longer waits for the money (cancelled, expired, paid twice);
 * - cancelled / failed / expired unused → the attempt is closed (`reconciled_<state>`) with an
 *   audit event on its order; the order itself is left to the customer and the expiry sweep,
 *   since another attempt of the same order may still be paying;
 * - still on the payment page, or the bank cannot be reached → looked at again next run.
 * Attempts that never got a token (we crashed before storing it) cannot have been paid, since
 * the browser never saw the token: they are closed once a token could no longer be alive.
 *
 * It also finishes what a settlement left half done (settlement.ts): a claimed RefNum whose
 * verify went unanswered is verified again (within SEP's 30 minutes the payment is still ours
 * to capture; after them the bank answers that it reversed it), captured money in suspense is
 * returned once proven, and an unanswered reversal is asked again until its 50-minute window
 * closes, after which the money goes back to suspense for staff. Giving up is logged at error
 * level with `alert: true` and shows on the money-to-return gauges.
 *
 * Several instances may run it: each attempt is closed under its order's lock, taken with
 * `FOR UPDATE SKIP LOCKED` in a short transaction, and settling locks the order row as the
 * callback does, so a callback arriving at the same moment and a second reconciler both find
 * the attempt settled and change nothing.
 * Expired Idempotency-Keys are purged by the same run.
 */

/** A bank token lives 20 minutes (SEP); an attempt without one is dead after that. */
const TOKEN_LIFETIME_MINUTES = 20
/** Attempts older than this are past every window SEP has (verify 30 min, reverse 50 min). */
const GIVE_UP_AFTER_HOURS = 24
/** SEP reverses a payment nobody verified within 30 minutes; it can reverse one for 50. */
const REVERSE_WINDOW_MINUTES = 50
/** A settlement step younger than this may still be running in a request: leave it alone. */
const IN_FLIGHT_SECONDS = 60
export const RECONCILE_BATCH_SIZE = 50

export interface ReconcileDeps {
  db: Knex
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  payments: { settleAttempt: Settlement['settleAttempt']; settlement: Settlement }
  /** How long after an attempt's start we wait for its callback before asking the bank. */
  graceMinutes: number
  batchSize?: number
}

export interface ReconcileReport {
  settled: Array<{ paymentId: number; outcome: string }>
  /** Settlements resumed: re-verified claims, returns retried, reversals given up. */
  resumed: number
  closed: number[]
  pending: number
  unreachable: number
  purgedKeys: number
}

/** Which attempts one run looks at: this gateway's, a batch at a time. */
const batchOf = (deps: ReconcileDeps): ReconcileBatch => ({
  gateway: deps.gateway.name,
  limit: deps.batchSize ?? RECONCILE_BATCH_SIZE,
})

export async function reconcileOpenAttempts(deps: ReconcileDeps): Promise<ReconcileReport> {
  const { db, clock, logger, gateway } = deps
  const report: ReconcileReport = {
    settled: [],
    resumed: 0,
    closed: [],
    pending: 0,
    unreachable: 0,
    purgedKeys: 0,
  }
  const now = clock.now()
  const askAfter = new Date(now.getTime() - deps.graceMinutes * 60_000)
  const giveUpBefore = new Date(now.getTime() - GIVE_UP_AFTER_HOURS * 3600_000)

  const attempts = await GatewayTransaction.unanswered(db, batchOf(deps), askAfter)

  for (const attempt of attempts) {
    const tooOld = attempt.created_at.getTime() < giveUpBefore.getTime()
    if (!attempt.token) {
      const dead = now.getTime() - attempt.created_at.getTime() > TOKEN_LIFETIME_MINUTES * 60_000
      if (dead && (await closeAttempt(deps, attempt.id, 'no_token', {}))) {
        report.closed.push(attempt.id)
      }
      continue
    }
    let answer
    try {
      answer = await gateway.inquire({ token: attempt.token })
    } catch (error) {
      report.unreachable += 1
      logger.warn({ err: error, resNum: attempt.res_num }, 'reconciliation: bank not reachable')
      if (tooOld && (await closeAttempt(deps, attempt.id, 'unanswered', {}))) {
        logger.error(
          { resNum: attempt.res_num, alert: true },
          'reconciliation gave up on an attempt',
        )
        report.closed.push(attempt.id)
      }
      continue
    }
    if (answer.kind === 'pending') {
      report.pending += 1
      continue
    }
    if (answer.kind === 'unpaid') {
      if (await closeAttempt(deps, attempt.id, `state_${answer.state}`, { receipt: answer.raw })) {
        report.closed.push(attempt.id)
      }
      continue
    }
    const result = await deps.payments.settleAttempt(attempt, answer.callback, 'reconciliation')
    if (result.paymentId !== null) {
      report.settled.push({ paymentId: result.paymentId, outcome: result.outcome })
    }
  }
  report.resumed = await resumeSettlements(deps, now)
  report.purgedKeys = await purgeExpiredIdempotencyKeys(db, now)
  return report
}

/** Verifies again, returns, or gives up on what a settlement left between two steps. */
async function resumeSettlements(deps: ReconcileDeps, now: Date): Promise<number> {
  const { db, logger } = deps
  const { settlement } = deps.payments
  const settledBefore = new Date(now.getTime() - IN_FLIGHT_SECONDS * 1000)
  const stuck = await GatewayTransaction.betweenSettlementSteps(db, batchOf(deps), settledBefore)
  for (const tx of stuck) {
    const since = (tx.callback_at ?? tx.updated_at).getTime()
    if (tx.status === 'reversing' && since < now.getTime() - REVERSE_WINDOW_MINUTES * 60_000) {
      await settlement.giveUpReversal(tx.id)
      logger.error({ txId: tx.id, alert: true }, 'reversal unanswered in its window: to staff')
    } else if (
      tx.status === 'verifying' &&
      since < now.getTime() - GIVE_UP_AFTER_HOURS * 3600_000
    ) {
      await settlement.giveUpVerify(tx.id, 'reconciliation')
      logger.error({ txId: tx.id, alert: true }, 'verify unanswered for a day: closed')
    } else {
      await settlement.resume(tx)
    }
  }
  return stuck.length
}

/** Marks an open attempt failed, with an event on its order; false if someone settled it first. */
async function closeAttempt(
  deps: Pick<ReconcileDeps, 'db' | 'clock'>,
  attemptId: number,
  why: string,
  raw: Record<string, unknown>,
): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    const first = await GatewayTransaction.query(trx).findById(attemptId)
    if (!first) return false
    // Order first, then attempt, as every settlement step locks them: the other way round, a
    // callback settling this attempt at the same moment deadlocked with us (model test, Race).
    // A busy order is left for the next run.
    const order = await Payment.lockStageUnlessBusy(trx, first.payment_id)
    if (!order) return false
    const open = await GatewayTransaction.query(trx)
      .findById(attemptId)
      .whereIn('status', ['created', 'token_created'])
      .forUpdate()
    if (!open) return false
    const now = deps.clock.now()
    const failure = `reconciled_${why}`.slice(0, 64)
    await GatewayTransaction.query(trx)
      .findById(attemptId)
      .patch({
        status: 'failed',
        failure,
        raw: { ...open.raw, reconciliation: raw as never },
        updated_at: now,
      })
    await recordEvent(trx, {
      paymentId: open.payment_id,
      from: order.stage,
      to: order.stage,
      reason: failure,
      actor: 'system',
      data: { res_num: open.res_num },
      now,
    })
    return true
  })
}

/** Every RECONCILE_SWEEP_SECONDS on every instance (safe in parallel, see above). */
export function startReconciliation(
  deps: AppDeps,
  payments: ReconcileDeps['payments'],
  gateway: PaymentGateway,
  options: { intervalSeconds: number; graceMinutes: number },
): PeriodicTask {
  const { db, clock, logger } = deps
  return runPeriodically(
    'payment-reconciliation',
    async () => {
      const report = await reconcileOpenAttempts({
        db,
        clock,
        logger,
        gateway,
        payments,
        graceMinutes: options.graceMinutes,
      })
      if (report.settled.length > 0 || report.closed.length > 0) {
        logger.info(
          { settled: report.settled, closed: report.closed.length },
          'payment attempts reconciled',
        )
      }
    },
    { intervalMs: options.intervalSeconds * 1000, logger },
  )
}
