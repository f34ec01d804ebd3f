/**
 * `npm run bench -- jobs`: how many jobs a second payments-service's job engine (pg-boss 10 on
 * our PostgreSQL, ADR 032) sustains on this machine, on a throw-away embedded PostgreSQL (or a
 * fresh database on BENCH_DATABASE_URL's server).
 *
 *   write  BENCH_JOBS jobs (default 5000), each written by `send` inside its own transaction, as
 *          business code writes them (the SMS outbox), from BENCH_JOB_SENDERS (20) at once;
 *   run    the same jobs run by one instance's engine (a handler that does nothing), polling as
 *          in production, BENCH_JOB_WORKERS (10) at once, on its own pool of JOB_POOL_MAX (3);
 *   both   writing and running at the same time, as an instance does under load.
 *
 * Prints jobs/s for each. Target: the engine runs ≥ 200 jobs/s (the busiest queue, SMS, needs a
 * few a second at peak); exits 1 below it.
 */
import { openBenchDatabase } from './database.ts'
import pino from 'pino'
import { createKnex } from '../payments-service/src/db/knex.ts'
import { migrateLatest } from '../payments-service/src/db/migrate.ts'
import { createJobEngine, type JobEngine } from '../payments-service/src/jobs/engine.ts'

const JOBS = Number(process.env.BENCH_JOBS ?? 5000)
const SENDERS = Number(process.env.BENCH_JOB_SENDERS ?? 20)
const WORKERS = Number(process.env.BENCH_JOB_WORKERS ?? 10)
const TARGET_RUN_PER_SECOND = 200
const QUEUE = 'bench'

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

export async function runJobsBench(): Promise<boolean> {
  const database = await openBenchDatabase('jobs')
  const db = createKnex({ url: database.url, poolMax: SENDERS })
  const engines: JobEngine[] = []
  try {
    await migrateLatest(db)
    let completed = 0
    let done: () => void = () => undefined
    const makeEngine = () => {
      const engine = createJobEngine(
        db,
        {
          databaseUrl: database.url,
          poolMax: 3,
          leaseSeconds: 300,
          pollSeconds: 0.5,
          maintenanceSeconds: 60,
          workers: WORKERS,
          retryLimit: 3,
          retryDelaySeconds: 30,
          stopTimeoutMs: 5_000,
        },
        pino({ level: 'warn' }),
        {
          onOutcome: () => {
            completed++
            if (completed % JOBS === 0) done()
          },
        },
      )
      engine.work(QUEUE, async () => undefined)
      engines.push(engine)
      return engine
    }
    const writer = makeEngine()
    await writer.start({ poll: false })

    const write = async (count: number) => {
      let next = 0
      const started = performance.now()
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (next < count) {
            next++
            await db.transaction((trx) => writer.send(QUEUE, { n: next }, { trx }))
          }
        }),
      )
      return (count / (performance.now() - started)) * 1000
    }
    const allRun = () => new Promise<void>((resolve) => (done = resolve))

    console.log(
      `bench jobs: ${JOBS} jobs, ${SENDERS} senders (one transaction each), ` +
        `${WORKERS} at once on one instance (pool 3), pg-boss 10`,
    )
    const written = await write(JOBS)

    const runner = makeEngine()
    const ran = allRun()
    const runStarted = performance.now()
    await runner.start()
    await ran
    const runRate = (JOBS / (performance.now() - runStarted)) * 1000

    const both = allRun()
    const bothStarted = performance.now()
    const bothWritten = await write(JOBS)
    await both
    const bothRate = (JOBS / (performance.now() - bothStarted)) * 1000

    const ok = runRate >= TARGET_RUN_PER_SECOND
    console.log('scenario  jobs/s')
    console.log(`write     ${fmt(written).padStart(6)}`)
    console.log(
      `run       ${fmt(runRate).padStart(6)}   target ≥ ${TARGET_RUN_PER_SECOND}   ${ok ? 'ok' : 'MISSED'}`,
    )
    console.log(
      `both      ${fmt(bothRate).padStart(6)}   (written meanwhile at ${fmt(bothWritten)}/s)`,
    )
    return ok
  } finally {
    for (const engine of engines) await engine.stop()
    await db.destroy()
    await database.close()
  }
}
