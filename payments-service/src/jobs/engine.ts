import type { Knex } from 'knex'
import PgBoss from 'pg-boss'
import type { Logger } from 'pino'
import { dollarSqlOn } from '../db/dollar-sql.ts'
import { bossConfig, type Declared, type EngineDeps } from './engine-deps.ts'
import { start, started, stop } from './engine-lifecycle.ts'
import { createQueues, queueNames, work } from './engine-queues.ts'
import { runDue, trigger } from './engine-run-due.ts'
import { send } from './engine-send.ts'
import { every } from './engine-sweeps.ts'
import type { JobEngine, JobEngineEvents, JobEngineSettings } from './engine-types.ts'
import { wake } from './engine-workers.ts'
import { reportUnawaitedSettles } from './pg-boss-settle.ts'

// Before any engine is made: a job's end that cannot be written must not end the process.
reportUnawaitedSettles()

/**
 * The one job engine of payments-service (ADR 032): pg-boss on our own PostgreSQL, its schema
 * `pgboss` created by our migrations (the engine starts with `migrate: false` and refuses a
 * schema of another version). Code declares a queue with the function that runs its jobs
 * (`work`, or `every` for a sweep), writes jobs with `send` (inside the caller's transaction
 * when given `trx`), and main.ts starts and stops the engine. Tests start it without polling
 * and run what is due with `runDue`, so no timer runs behind a test.
 *
 * Its parts, each handed the engine's deps and state (engine-deps.ts): declaring and creating
 * queues (engine-queues.ts), sweeps (engine-sweeps.ts), writing jobs (engine-send.ts), start
 * and stop (engine-lifecycle.ts), the polling workers (engine-workers.ts), one run of a job
 * (engine-run.ts) and running due jobs on demand (engine-run-due.ts).
 */

export { JOB_SCHEMA, KEEPER_QUEUE } from './engine-deps.ts'
export { uuidFromKey } from './engine-send.ts'
export type {
  Job,
  JobEngine,
  JobEngineEvents,
  JobEngineSettings,
  JobHandler,
  JobOutcome,
  QueueOptions,
  RunDueOptions,
  RunDueResult,
  SendOptions,
} from './engine-types.ts'

export function createJobEngine(
  db: Knex,
  settings: JobEngineSettings,
  logger: Logger,
  events: JobEngineEvents = {},
): JobEngine {
  const deps: EngineDeps = {
    db,
    settings,
    logger,
    events,
    // Writes jobs through knex: pg-boss's SQL on our connection (the caller's transaction or the
    // service's pool). Never started, so it opens no pool of its own.
    writer: new PgBoss({
      ...bossConfig(settings),
      db: dollarSqlOn(db),
      supervise: false,
      schedule: false,
    }),
    runner: undefined,
    declared: new Map<string, Declared>(),
    workerIds: new Map<string, string>(),
    stopping: new AbortController(),
    state: 'new',
    polling: false,
  }

  const engine: JobEngine = {
    get boss() {
      return started(deps)
    },
    work: (queue, handler, options) => work(deps, queue, handler, options),
    every: (queue, seconds, handler, options) => every(deps, queue, seconds, handler, options),
    send: (queue, data, options) => send(deps, queue, data, options),
    createQueues: () => createQueues(deps),
    start: (options) => start(deps, options),
    stop: () => stop(deps),
    runDue: (queue, options) => runDue(deps, queue, options),
    wake: (queue) => wake(deps, queue),
    trigger: (queue, data) => trigger(deps, (due) => engine.runDue(due), queue, data),
    queues: () => queueNames(deps),
  }
  return engine
}
