import type { AppDeps } from '../../../http/context.ts'
import { sweepInBatches, type SweepDeps } from '../../../db/batches.ts'
import { Order } from '../../../models/order.model.ts'
import { logSwept } from '../../../jobs/sweep-log.ts'
import { recordEvent, type Stage } from '../state-machine.ts'

/** Stages after which nobody needs the customer's site password any more. */
export const FINAL_STAGES: readonly Stage[] = [
  'done',
  'rejected',
  'cancelled',
  'refunded',
  'expired',
  'payment_failed',
]

export const WIPE_BATCH_SIZE = 100
/** Retention is counted in days; an hourly look is precise enough and costs one query. */
export const WIPE_INTERVAL_MS = 60 * 60_000

export interface CredentialWipeDeps extends SweepDeps {
  /** CREDENTIALS_RETENTION_DAYS. */
  retentionDays: number
}

/**
 * Deletes the sealed site password of every order that reached a final stage more than
 * `retentionDays` ago (its `updated_at`, which each transition sets), and records a
 * `credentials_wiped` event by `system`. Batches take their rows with `FOR UPDATE SKIP LOCKED`
 * (two runs at once, a lease handed over, are safe; an order a staff member is revealing or
 * moving is left for the next run). Answers the ids it wiped.
 */
export async function wipeExpiredCredentials(deps: CredentialWipeDeps): Promise<number[]> {
  return sweepInBatches<{ id: number; stage: Stage }>(deps, {
    batchSize: WIPE_BATCH_SIZE,
    due: (trx, now) =>
      Order.credentialsDueForWipe(
        trx,
        FINAL_STAGES,
        new Date(now.getTime() - deps.retentionDays * 86_400_000),
      ),
    act: async (trx, rows, now) => {
      const ids = rows.map((row) => row.id)
      await Order.wipeCredentials(trx, ids, now)
      for (const row of rows) {
        await recordEvent(trx, {
          orderId: row.id,
          from: row.stage,
          to: row.stage,
          reason: 'credentials_wiped',
          actor: 'system',
          data: { retention_days: deps.retentionDays },
          now,
        })
      }
      return ids
    },
  })
}

/** The wipe's job queue (jobs/background.ts). */
export const CREDENTIAL_WIPE_QUEUE = 'credential-wipe'

/** The wipe as an hourly job, one run at a time across instances (ADR 032). */
export function scheduleCredentialWipe(deps: AppDeps): void {
  const { db, clock, logger, config } = deps
  deps.jobs.every(CREDENTIAL_WIPE_QUEUE, WIPE_INTERVAL_MS / 1000, async () => {
    const ids = await wipeExpiredCredentials({
      db,
      clock,
      retentionDays: config.CREDENTIALS_RETENTION_DAYS,
    })
    logSwept(logger, ids, 'site credentials wiped')
  })
}
