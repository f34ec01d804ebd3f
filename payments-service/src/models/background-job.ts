import type { Knex } from 'knex'

/**
 * The job engine's rows (pg-boss's tables in schema `pgboss`, ADR 032), for what pg-boss itself
 * does not offer: the failed jobs to list, the failed-jobs gauge. Not an objection model: the
 * tables are pg-boss's, created by its own script (migration 20261204100000), and only read here.
 */
export class BackgroundJob {
  /** The failed jobs still kept (two weeks after they failed), newest first. */
  static async failed(db: Knex, limit = 100): Promise<FailedJobRow[]> {
    const { rows } = (await db.raw(
      `SELECT id, name AS queue, retry_count, created_on, completed_on AS failed_on,
              output ->> 'message' AS error
         FROM pgboss.job
        WHERE state = 'failed'
        ORDER BY completed_on DESC, id
        LIMIT ?`,
      [limit],
    )) as { rows: FailedJobRow[] }
    return rows
  }

  /** The queue of a failed job, or undefined when no failed job has that id. */
  static async queueOfFailed(db: Knex, id: string): Promise<string | undefined> {
    const { rows } = (await db.raw(
      `SELECT name FROM pgboss.job WHERE id = ?::uuid AND state = 'failed' LIMIT 1`,
      [id],
    )) as { rows: Array<{ name: string }> }
    return rows[0]?.name
  }

  /**
   * Serialises changes to the queues (creating one attaches a table to pgboss.job, which
   * deadlocks with another instance doing the same) until `trx` ends.
   */
  static async lockQueueChanges(trx: Knex.Transaction): Promise<void> {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('arzpol.pgboss.queue-changes'))`)
  }

  /** Jobs per queue in each state that matters to an operator: waiting, running, failed. */
  static async countByQueue(db: Knex): Promise<JobCountRow[]> {
    const { rows } = (await db.raw(
      `SELECT name AS queue,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state = 'failed')::int AS failed
         FROM pgboss.job
        GROUP BY name`,
    )) as { rows: JobCountRow[] }
    return rows
  }
}

export interface FailedJobRow {
  id: string
  queue: string
  retry_count: number
  created_on: Date
  failed_on: Date
  error: string | null
}

export interface JobCountRow {
  queue: string
  waiting: number
  active: number
  failed: number
}
