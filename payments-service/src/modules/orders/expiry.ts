import type { AppDeps } from '../../http/context.ts'
import { sweepInBatches, type SweepDeps } from '../../db/batches.ts'
import { Order } from '../../models/order.model.ts'
import { logSwept } from '../../jobs/sweep-log.ts'
import { transition } from './state-machine.ts'

/** Orders moved per transaction: short row locks, and a backlog still drains in one run. */
export const EXPIRY_BATCH_SIZE = 100

export interface OrderExpiryDeps extends SweepDeps {
  /** ORDER_EXPIRE_AFTER_MINUTES: how long past its rate lock an unpaid order is kept. */
  graceMinutes: number
}

/**
 * Moves every order still `awaiting_payment` whose rate lock ended more than `graceMinutes`
 * ago to `expired`, through the guarded transition (audit event by 'system', reason
 * `rate_lock_expired`). Two runs at once (a lease handed over, ADR 032) are safe: each batch
 * takes its rows with `FOR UPDATE SKIP LOCKED`, so two sweepers never wait on (or move) the
 * same order, and the
 * transition's own guard makes a row that meanwhile got paid or cancelled a no-op. A start or
 * callback holding the order's lock is skipped and looked at again on the next run.
 * Answers the ids it expired.
 */
export async function expireStaleOrders(deps: OrderExpiryDeps): Promise<number[]> {
  return sweepInBatches<{ id: number }>(deps, {
    batchSize: EXPIRY_BATCH_SIZE,
    due: (trx, now) => Order.dueToExpire(trx, new Date(now.getTime() - deps.graceMinutes * 60_000)),
    act: async (trx, rows, now) => {
      const ids: number[] = []
      for (const { id } of rows) {
        const result = await transition(trx, {
          orderId: id,
          to: 'expired',
          from: ['awaiting_payment'],
          reason: 'rate_lock_expired',
          actor: 'system',
          data: { grace_minutes: deps.graceMinutes },
          now,
        })
        if (result) ids.push(id)
      }
      return ids
    },
  })
}

/** The expiry's job queue (jobs/background.ts). */
export const ORDER_EXPIRY_QUEUE = 'order-expiry'

/** Stale orders looked for every ORDER_EXPIRY_SWEEP_SECONDS, one run at a time (ADR 032). */
export function scheduleOrderExpiry(deps: AppDeps): void {
  const { db, clock, config, logger } = deps
  deps.jobs.every(ORDER_EXPIRY_QUEUE, config.ORDER_EXPIRY_SWEEP_SECONDS, async () => {
    const ids = await expireStaleOrders({
      db,
      clock,
      graceMinutes: config.ORDER_EXPIRE_AFTER_MINUTES,
    })
    logSwept(logger, ids, 'orders expired')
  })
}
