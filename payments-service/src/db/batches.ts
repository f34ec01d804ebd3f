import type { Knex } from 'knex'
import type { Clock } from '../lib/clock.ts'

/** What a periodic sweep needs: the pool, the clock its cutoff counts from, a batch size (tests). */
export interface SweepDeps {
  db: Knex
  clock: Clock
  batchSize?: number
}

export interface Sweep<Row> {
  /** Used unless the deps name a smaller one (tests). */
  batchSize: number
  /** The rows due at `now`; the sweep adds the order, the limit and the lock. */
  due: (trx: Knex.Transaction, now: Date) => Knex.QueryBuilder
  /** Acts on one batch inside its transaction; answers the ids it acted on. */
  act: (trx: Knex.Transaction, rows: Row[], now: Date) => Promise<number[]>
}

/**
 * Works through the due rows in batches, one transaction each, until a batch comes back short:
 * short row locks, and a backlog still drains in one run. Each batch takes its rows in id order
 * with FOR UPDATE SKIP LOCKED, so several instances may sweep at once without waiting on each
 * other (or on a request moving the same row); a skipped row is seen again on the next run.
 * Answers every id acted on.
 */
export async function sweepInBatches<Row>(deps: SweepDeps, sweep: Sweep<Row>): Promise<number[]> {
  const batchSize = deps.batchSize ?? sweep.batchSize
  const done: number[] = []
  for (;;) {
    const seen = await deps.db.transaction(async (trx) => {
      const now = deps.clock.now()
      const rows = (await sweep
        .due(trx, now)
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()) as Row[]
      if (rows.length > 0) done.push(...(await sweep.act(trx, rows, now)))
      return rows.length
    })
    if (seen < batchSize) return done
  }
}
