import type { Knex } from 'knex'
import PgBoss from 'pg-boss'
import { dollarSqlOn } from '../db/dollar-sql.ts'
import { BackgroundJob, type FailedJobRow } from '../models/background-job.ts'
import { JOB_SCHEMA } from './engine.ts'

/** What an operator does about jobs that gave up (`npm run jobs:failed`, `jobs:retry`). */

export function failedJobs(db: Knex, limit?: number): Promise<FailedJobRow[]> {
  return BackgroundJob.failed(db, limit)
}

/**
 * Puts a failed job back in its queue with one more try (pg-boss's own retry): a worker takes
 * it at once. Answers false when no failed job has that id.
 */
export async function retryFailedJob(db: Knex, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false
  const queue = await BackgroundJob.queueOfFailed(db, id)
  if (!queue) return false
  const boss = new PgBoss({
    db: dollarSqlOn(db),
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
  })
  const result = (await boss.retry(queue, id)) as unknown as { affected: number }
  return result.affected === 1
}
