import type { Knex } from 'knex'

/**
 * Works through rows in batches, one transaction each, until a batch comes back short: short
 * row locks, and a backlog still drains in one run. `batch` takes at most `batchSize` rows
 * itself (FOR UPDATE SKIP LOCKED, so several instances may sweep at once) and answers the ids
 * it acted on and how many rows it saw. Answers every id acted on.
 */
export async function inBatches(
  db: Knex,
  batchSize: number,
  batch: (trx: Knex.Transaction) => Promise<{ ids: number[]; seen: number }>,
): Promise<number[]> {
  const done: number[] = []
  for (;;) {
    const { ids, seen } = await db.transaction(batch)
    done.push(...ids)
    if (seen < batchSize) return done
  }
}

/**
 * A sweep's batch: the query's rows in id order, at most `batchSize`, locked for the
 * transaction. Rows another transaction holds are skipped, so sweepers never wait on each other
 * (or on a request moving the same row) and the skipped row is seen again on the next run.
 */
export async function takeBatch<Row>(query: Knex.QueryBuilder, batchSize: number): Promise<Row[]> {
  return (await query.orderBy('id').limit(batchSize).forUpdate().skipLocked()) as Row[]
}
