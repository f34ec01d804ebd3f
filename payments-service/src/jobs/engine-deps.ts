import type { Knex } from 'knex'
import type PgBoss from 'pg-boss'
import type { Logger } from 'pino'
import type {
  JobEngineEvents,
  JobEngineSettings,
  JobHandler,
  QueueOptions,
} from './engine-types.ts'

// What every part of the engine is handed: its settings and collaborators, and what one engine
// keeps from its making to `stop`. Kept apart from engine.ts, which imports the parts, so that
// the parts can name these without an import cycle.

export const JOB_SCHEMA = 'pgboss'

/** The queue whose cron job re-writes the sweeps' next runs every minute (see `every`). */
export const KEEPER_QUEUE = 'jobs-keeper'
/** pg-boss's own queue of due cron jobs. */
export const CRON_QUEUE = '__pgboss__send-it'

export interface Declared {
  handler: JobHandler<object>
  options: QueueOptions
  everySeconds?: number
}

export interface EngineDeps {
  db: Knex
  settings: JobEngineSettings
  logger: Logger
  events: JobEngineEvents
  /** Writes jobs through knex (see `createJobEngine`). */
  writer: PgBoss
  /** Claims, runs and maintains jobs on its own pool; made by `start`. */
  runner: PgBoss | undefined
  declared: Map<string, Declared>
  /** This instance's pg-boss worker of each polled queue (`wake`). */
  workerIds: Map<string, string>
  stopping: AbortController
  state: 'new' | 'started' | 'stopped'
  polling: boolean
}

// Failed jobs stay in the job table (listed by `npm run jobs:failed`, counted by the failed-jobs
// gauge) for two weeks; completed ones are archived after 12 hours; the archive keeps a month.
const ARCHIVE_COMPLETED_SECONDS = 12 * 3600
const ARCHIVE_FAILED_SECONDS = 14 * 86_400
const DELETE_ARCHIVED_DAYS = 30

export function bossConfig(settings: JobEngineSettings): PgBoss.ConstructorOptions {
  return {
    schema: JOB_SCHEMA,
    migrate: false,
    expireInSeconds: settings.leaseSeconds,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_SECONDS,
    archiveFailedAfterSeconds: ARCHIVE_FAILED_SECONDS,
    deleteAfterDays: DELETE_ARCHIVED_DAYS,
  }
}
