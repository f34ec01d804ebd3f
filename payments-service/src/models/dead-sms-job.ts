import type { Knex } from 'knex'

/**
 * SMS jobs whose every try failed, read from the job engine's table (`pgboss.job`, ADR 032):
 * the engine keeps a failed job there for two weeks, in state `failed`, with the error of its
 * last try as `output`. Not an objection model: the table is pg-boss's, in its own schema; only
 * these reads and a staff retry (under the job's row lock) are ours.
 */
export interface DeadSmsJobRow {
  id: string
  queue: string
  data: Record<string, unknown>
  /** Tries after the first (pg-boss's retry_count). */
  retry_count: number
  output: Record<string, unknown> | null
  created_on: Date
  completed_on: Date | null
}

const COLUMNS = `id::text AS id, name AS queue, data, retry_count, output, created_on, completed_on`

export const DeadSmsJob = {
  /** Newest death first. */
  async page(
    db: Knex,
    queues: readonly string[],
    { limit, offset }: { limit: number; offset: number },
  ): Promise<{ count: number; rows: DeadSmsJobRow[] }> {
    const counted = (await db.raw(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = ANY(?::text[]) AND state = 'failed'`,
      [[...queues]],
    )) as { rows: Array<{ count: number }> }
    const listed = (await db.raw(
      `SELECT ${COLUMNS} FROM pgboss.job WHERE name = ANY(?::text[]) AND state = 'failed'
        ORDER BY completed_on DESC NULLS LAST, id LIMIT ? OFFSET ?`,
      [[...queues], limit, offset],
    )) as { rows: DeadSmsJobRow[] }
    return { count: counted.rows[0]?.count ?? 0, rows: listed.rows }
  },

  /** Locks a dead SMS job until the transaction ends (a staff retry); undefined if none. */
  async lockDead(
    trx: Knex.Transaction,
    queues: readonly string[],
    id: string,
  ): Promise<DeadSmsJobRow | undefined> {
    const locked = (await trx.raw(
      `SELECT ${COLUMNS} FROM pgboss.job
        WHERE name = ANY(?::text[]) AND id = ?::uuid AND state = 'failed' FOR UPDATE`,
      [[...queues], id],
    )) as { rows: DeadSmsJobRow[] }
    return locked.rows[0]
  },

  /**
   * One more try, due now: what pg-boss's `retry` does (back to `retry`, one more try allowed),
   * and a start of now, since the last scheduled start may lie ahead when the engine was asked
   * to run a job before its backoff ended (tests, an operator).
   */
  async retryNow(trx: Knex.Transaction, queue: string, id: string): Promise<boolean> {
    const updated = (await trx.raw(
      `UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
        WHERE name = ? AND id = ?::uuid AND state = 'failed'`,
      [queue, id],
    )) as { rowCount: number }
    return updated.rowCount === 1
  },
}
