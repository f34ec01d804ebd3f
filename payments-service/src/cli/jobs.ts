import type { Knex } from 'knex'
import { createKnex } from '../db/knex.ts'
import { failedJobs, retryFailedJob } from '../jobs/admin.ts'
import { runIfScript, runOnDb } from './run-cli.ts'

/**
 * The background jobs that gave up (ADR 032): every try failed, the last error kept.
 *
 *   npm run jobs:failed                      lists them, newest first (development database)
 *   npm run jobs:retry -- <id>               puts one back in its queue with one more try
 *   DATABASE_URL=postgres://… npm run jobs:failed -w @arzpol/payments-service
 *
 * A failed job stays listed two weeks; the `arzpol_jobs` gauge counts them per queue.
 */

/** Prints one line per failed job, then the count; answers the count. */
export async function reportFailedJobs(db: Knex, print: (line: string) => void): Promise<number> {
  const rows = await failedJobs(db)
  for (const row of rows) {
    print(
      `${row.id}  ${row.queue}  failed ${new Date(row.failed_on).toISOString()}  after ${row.retry_count + 1} tries  ${row.error ?? ''}`.trimEnd(),
    )
  }
  print(`jobs:failed: ${rows.length} failed job(s)`)
  return rows.length
}

/** Retries the failed job `id`; answers whether there was one. */
export async function retryJob(db: Knex, id: string, print: (line: string) => void) {
  const retried = await retryFailedJob(db, id)
  print(retried ? `jobs:retry: ${id} is back in its queue` : `jobs:retry: no failed job ${id}`)
  return retried
}

async function main(): Promise<void> {
  const [command, id] = process.argv.slice(2)
  const url = process.env.DATABASE_URL
  if (!url || (command !== 'failed' && command !== 'retry') || (command === 'retry' && !id)) {
    console.error('usage: DATABASE_URL=… jobs.ts failed | retry <job id>')
    process.exitCode = 2
    return
  }
  const db = createKnex({ url, poolMax: 1 })
  await runOnDb(`jobs:${command}`, db, async () => {
    if (command === 'failed') await reportFailedJobs(db, (line) => console.log(line))
    else if (!(await retryJob(db, id!, (line) => console.log(line)))) process.exitCode = 1
  })
}

await runIfScript(import.meta.url, main)
