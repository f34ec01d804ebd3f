import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { AppDeps } from '../../../http/context.ts'
import type { Clock } from '../../../lib/clock.ts'
import {
  BankAttempt,
  type ReconcileBatch,
  type ReconcileClaim,
} from '../../../models/bank-attempt.model.ts'
import { Order } from '../../../models/order.model.ts'
import { BANK_TOKEN_LIFETIME_MINUTES, type PaymentGateway } from '../../gateways/gateway.ts'
import { purgeExpiredIdempotencyKeys } from '../checkout/idempotency.ts'
import type { Settlement } from './settlement.ts'
import { recordEvent } from '../state-machine.ts'

/**
 * Reconciliation (docs/product/domain.md, "reconcile periodically"): the callback is the only way
 * the bank tells us about a payment, and it can be lost — the customer closes the tab on the bank's
 * return page, web is down, or we crash between "paid at the bank" and "verified". SEP reverses an
 * unverified payment after 30 minutes, so such an order would sit unpaid while the customer's money
 * comes and goes.
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
 * Which attempts a run looks at (ADR 032): the due ones, soonest `next_check_at` first, up to a
 * batch, each claimed just before its bank call in a short transaction that locks it (`FOR
 * UPDATE SKIP LOCKED`) and pushes `next_check_at` forward by `claimSeconds`. So two
 * reconcilers (the job engine runs one at a time, but a lease that ran out hands the run to
 * another worker while the first may still be asking) never ask the bank about the same attempt
 * at once, and resuming a reversal or a verify starts only from a claimed row. The claim covers
 * one bank call: a reconciler killed mid-call keeps its attempts from the others only that long.
 * An attempt the bank calls pending is due again `PENDING_RECHECK_SECONDS` later, behind the
 * others, instead of filling every batch. A bank that cannot be reached gives the claim back.
 * An attempt still pending `giveUpPendingMinutes` after it started (past SEP's 30-minute
 * reversal of anything we did not verify) is closed like a final unpaid one, at error level with
 * `alert: true` and counted (`onGiveUp`), so it no longer takes a place in each run: we never
 * verify it, so the bank keeps nothing of it, and a late callback for it finds it closed and
 * books nothing. A reference a callback parked on it stays on the row for staff.
 *
 * Each attempt is closed under its order's lock, and settling locks the order row as the
 * callback does, so a callback arriving at the same moment finds the attempt settled and
 * changes nothing.
 * Expired Idempotency-Keys are purged by the same run.
 */

/** Attempts older than this are past every window SEP has (verify 30 min, reverse 50 min). */
const GIVE_UP_AFTER_HOURS = 24
/** SEP reverses a payment nobody verified within 30 minutes; it can reverse one for 50. */
const REVERSE_WINDOW_MINUTES = 50
/** A settlement step younger than this may still be running in a request: leave it alone. */
const IN_FLIGHT_SECONDS = 60
export const RECONCILE_BATCH_SIZE = 50
/**
 * How long a claimed attempt is left to its claimer before another run may take it: one bank
 * call with its retries (3 tries of GATEWAY_TIMEOUT_MS) and a margin. Only a claimer that died
 * mid-call (a killed pod) leaves a claim to run out, so this is how long its attempts wait.
 */
export function claimSecondsFor(gatewayTimeoutMs: number): number {
  return Math.ceil((4 * gatewayTimeoutMs) / 1000)
}
/** With GATEWAY_TIMEOUT_MS's default of 15 s: 60 s. */
const DEFAULT_CLAIM_SECONDS = claimSecondsFor(15_000)
/** An attempt the bank calls pending is asked again this long after, behind the others. */
export const PENDING_RECHECK_SECONDS = 120
/** RECONCILE_GIVE_UP_MINUTES' default: past SEP's 30-minute reversal of unverified payments. */
export const GIVE_UP_PENDING_MINUTES = 40

export interface ReconcileDeps {
  db: Knex
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  orders: { settleAttempt: Settlement['settleAttempt']; settlement: Settlement }
  /** How long after an attempt's start we wait for its callback before asking the bank. */
  graceMinutes: number
  /** An attempt still pending at the bank this long after its start is closed (alert). */
  giveUpPendingMinutes?: number
  /** How long a claim keeps other runs off an attempt (`claimSecondsFor`). */
  claimSeconds?: number
  batchSize?: number
  /** Counts each attempt given up on (http/metrics.ts), by why. */
  onGiveUp?: (reason: 'pending_timeout' | 'unanswered') => void
}

export interface ReconcileReport {
  settled: Array<{ orderId: number; outcome: string }>
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

/**
 * The claim on the next attempt: due at the run's start (`now`: what this run pushed is not due
 * again), held from this moment for `claimSeconds`. One attempt a claim, so the hold covers the
 * bank call about it, however slow the ones before it were.
 */
const claimFrom = (deps: ReconcileDeps, now: Date, skip: number[]): ReconcileClaim => ({
  now,
  until: new Date(deps.clock.now().getTime() + (deps.claimSeconds ?? DEFAULT_CLAIM_SECONDS) * 1000),
  skip,
})

/** Claims attempts one at a time, up to the batch size, with `claim` until none is due. */
async function* claimed(
  deps: ReconcileDeps,
  now: Date,
  claimOne: (batch: ReconcileBatch, claim: ReconcileClaim) => Promise<BankAttempt[]>,
): AsyncGenerator<{ attempt: BankAttempt; claim: ReconcileClaim }> {
  const { limit } = batchOf(deps)
  const taken: number[] = []
  while (taken.length < limit) {
    const claim = claimFrom(deps, now, [...taken])
    const [attempt] = await claimOne({ ...batchOf(deps), limit: 1 }, claim)
    if (!attempt) return
    taken.push(attempt.id)
    yield { attempt, claim }
  }
}

/** The moments one run measures every attempt against. */
interface RunClock {
  now: Date
  /** An attempt started before this is past every window: unanswered, it is given up. */
  giveUpBefore: Date
  /** An attempt started before this and still pending at the bank is closed. */
  pendingUntil: number
}

export async function reconcileOpenAttempts(deps: ReconcileDeps): Promise<ReconcileReport> {
  const { db, clock } = deps
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
  const run: RunClock = {
    now,
    giveUpBefore: new Date(now.getTime() - GIVE_UP_AFTER_HOURS * 3600_000),
    pendingUntil: now.getTime() - (deps.giveUpPendingMinutes ?? GIVE_UP_PENDING_MINUTES) * 60_000,
  }
  const attempts = claimed(deps, now, (batch, claim) =>
    BankAttempt.unanswered(db, batch, askAfter, claim),
  )
  for await (const { attempt, claim } of attempts) {
    await reconcileAttempt(deps, attempt, claim, run, report)
  }
  report.resumed = await resumeSettlements(deps, now)
  report.purgedKeys = await purgeExpiredIdempotencyKeys(db, now)
  return report
}

/** Asks the bank about one claimed attempt and acts on its answer; the report counts it. */
async function reconcileAttempt(
  deps: ReconcileDeps,
  attempt: BankAttempt,
  claim: ReconcileClaim,
  run: RunClock,
  report: ReconcileReport,
): Promise<void> {
  if (!attempt.token) {
    const dead =
      run.now.getTime() - attempt.created_at.getTime() > BANK_TOKEN_LIFETIME_MINUTES * 60_000
    if (dead && (await closeAttempt(deps, attempt.id, 'no_token', {}))) {
      report.closed.push(attempt.id)
    }
    return
  }
  let answer
  try {
    answer = await deps.gateway.inquire({ token: attempt.token })
  } catch (error) {
    await bankUnreachable(deps, attempt, claim, run, report, error)
    return
  }
  if (answer.kind === 'pending') {
    await stillPending(deps, attempt, claim, answer.raw, run, report)
    return
  }
  if (answer.kind === 'unpaid') {
    if (await closeAttempt(deps, attempt.id, `state_${answer.state}`, { receipt: answer.raw })) {
      report.closed.push(attempt.id)
    }
    return
  }
  const result = await deps.orders.settleAttempt(attempt, answer.callback, 'reconciliation')
  if (result.orderId !== null) {
    report.settled.push({ orderId: result.orderId, outcome: result.outcome })
  }
}

/** The bank could not be reached about an attempt: given up when too old, else asked again. */
async function bankUnreachable(
  deps: ReconcileDeps,
  attempt: BankAttempt,
  claim: ReconcileClaim,
  run: RunClock,
  report: ReconcileReport,
  error: unknown,
): Promise<void> {
  const { db, logger } = deps
  report.unreachable += 1
  logger.warn({ err: error, resNum: attempt.res_num }, 'reconciliation: bank not reachable')
  const tooOld = attempt.created_at.getTime() < run.giveUpBefore.getTime()
  if (tooOld && (await closeAttempt(deps, attempt.id, 'unanswered', {}))) {
    logger.error({ resNum: attempt.res_num, alert: true }, 'reconciliation gave up on an attempt')
    deps.onGiveUp?.('unanswered')
    report.closed.push(attempt.id)
  } else {
    // Nothing learnt: the next run may ask at once.
    await BankAttempt.releaseClaim(db, attempt.id, claim, attempt.next_check_at)
  }
}

/** The bank still calls the attempt pending: closed past the give-up time, else asked later. */
async function stillPending(
  deps: ReconcileDeps,
  attempt: BankAttempt,
  claim: ReconcileClaim,
  receipt: unknown,
  run: RunClock,
  report: ReconcileReport,
): Promise<void> {
  if (attempt.created_at.getTime() < run.pendingUntil) {
    const closed = await closeAttempt(deps, attempt.id, 'pending_timeout', { receipt })
    if (closed) {
      deps.logger.error(
        {
          resNum: attempt.res_num,
          orderId: attempt.payment_id,
          parkedRefNum: attempt.callback_ref_num,
          alert: true,
        },
        'reconciliation closed an attempt the bank still calls pending',
      )
      deps.onGiveUp?.('pending_timeout')
      report.closed.push(attempt.id)
      return
    }
  }
  const askAgainAt = new Date(deps.clock.now().getTime() + PENDING_RECHECK_SECONDS * 1000)
  await BankAttempt.releaseClaim(deps.db, attempt.id, claim, askAgainAt)
  report.pending += 1
}

/**
 * Verifies again, returns, or gives up on what a settlement left between two steps; only rows
 * this run claimed (locked, then pushed forward), so no two runs call the bank for one of them.
 */
async function resumeSettlements(deps: ReconcileDeps, now: Date): Promise<number> {
  const { db, logger } = deps
  const { settlement } = deps.orders
  const settledBefore = new Date(now.getTime() - IN_FLIGHT_SECONDS * 1000)
  const stuck = claimed(deps, now, (batch, claim) =>
    BankAttempt.betweenSettlementSteps(db, batch, settledBefore, claim),
  )
  let resumed = 0
  for await (const { attempt } of stuck) {
    resumed += 1
    const since = (attempt.callback_at ?? attempt.updated_at).getTime()
    if (attempt.status === 'reversing' && since < now.getTime() - REVERSE_WINDOW_MINUTES * 60_000) {
      await settlement.giveUpReversal(attempt.id)
      logger.error(
        { attemptId: attempt.id, alert: true },
        'reversal unanswered in its window: to staff',
      )
    } else if (
      attempt.status === 'verifying' &&
      since < now.getTime() - GIVE_UP_AFTER_HOURS * 3600_000
    ) {
      await settlement.giveUpVerify(attempt.id, 'reconciliation')
      logger.error({ attemptId: attempt.id, alert: true }, 'verify unanswered for a day: closed')
    } else {
      await settlement.resume(attempt)
    }
  }
  return resumed
}

/** Marks an open attempt failed, with an event on its order; false if someone settled it first. */
async function closeAttempt(
  deps: Pick<ReconcileDeps, 'db' | 'clock'>,
  attemptId: number,
  why: string,
  raw: Record<string, unknown>,
): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    const first = await BankAttempt.withId(trx, attemptId)
    if (!first) return false
    // Order first, then attempt, as every settlement step locks them: the other way round, a
    // callback settling this attempt at the same moment deadlocked with us (model test, Race).
    // A busy order is left for the next run.
    const order = await Order.lockStageUnlessBusy(trx, first.payment_id)
    if (!order) return false
    const open = await BankAttempt.lockIfUnpaid(trx, attemptId)
    if (!open) return false
    const now = deps.clock.now()
    const failure = `reconciled_${why}`.slice(0, 64)
    await BankAttempt.patchById(trx, attemptId, {
      status: 'failed',
      failure,
      raw: { ...open.raw, reconciliation: raw as never },
      updated_at: now,
    })
    await recordEvent(trx, {
      orderId: open.payment_id,
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

/** The job queue of the reconciliation sweep (jobs/background.ts). */
export const RECONCILIATION_QUEUE = 'payment-reconciliation'

/**
 * Every RECONCILE_SWEEP_SECONDS, one run at a time across instances (ADR 032); the claims above
 * keep a second run (a lease handed over) off the attempts the first is asking about.
 */
export function scheduleReconciliation(
  deps: AppDeps,
  orders: ReconcileDeps['orders'],
  gateway: PaymentGateway,
): void {
  const { db, clock, logger, config, metrics } = deps
  deps.jobs.every(RECONCILIATION_QUEUE, config.RECONCILE_SWEEP_SECONDS, async () => {
    const report = await reconcileOpenAttempts({
      db,
      clock,
      logger,
      gateway,
      orders,
      graceMinutes: config.RECONCILE_GRACE_MINUTES,
      giveUpPendingMinutes: config.RECONCILE_GIVE_UP_MINUTES,
      claimSeconds: claimSecondsFor(config.GATEWAY_TIMEOUT_MS),
      onGiveUp: (reason) => metrics.reconcileGaveUp.inc({ reason }),
    })
    if (report.settled.length > 0 || report.closed.length > 0) {
      logger.info(
        { settled: report.settled, closed: report.closed.length },
        'payment attempts reconciled',
      )
    }
  })
}
