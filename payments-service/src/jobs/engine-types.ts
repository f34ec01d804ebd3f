import type { Knex } from 'knex'
import type PgBoss from 'pg-boss'

// The engine's public shapes, named by its callers through engine.ts. Kept apart from engine.ts,
// which imports the engine's parts, so that the parts can name them without an import cycle.

export interface JobEngineSettings {
  /** DATABASE_URL: the engine claims and runs jobs on its own small pool (JOB_POOL_MAX). */
  databaseUrl: string
  poolMax: number
  leaseSeconds: number
  pollSeconds: number
  maintenanceSeconds: number
  workers: number
  retryLimit: number
  retryDelaySeconds: number
  stopTimeoutMs: number
}

export interface QueueOptions {
  /** Tries after the first before the job ends `failed` (default JOB_RETRY_LIMIT). */
  retryLimit?: number
  /** First retry after this long, doubling (with jitter) each further try. */
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /** A claimed job not finished this long is handed to another worker (JOB_LEASE_SECONDS). */
  leaseSeconds?: number
  /** Jobs of this queue one instance runs at the same time (JOB_WORKERS). */
  workers?: number
  /** At most one job of the queue runs at a time across every instance. */
  oneAtATime?: boolean
}

export interface Job<T> {
  id: string
  queue: string
  data: T
  /** 0 on the first try. */
  retryCount: number
  retryLimit: number
  /**
   * Why the previous try failed (a retry only): its error's message, or pg-boss's "job failed by
   * timeout in active state" when that try's lease ran out (its worker died or hung).
   */
  lastError?: string
  /** Aborted when the engine stops: a long job may stop at its next safe point. */
  signal: AbortSignal
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>

export interface SendOptions {
  /**
   * The caller's transaction: the job row is written on its connection and exists only if the
   * transaction commits.
   */
  trx?: Knex.Transaction
  /**
   * A second send with the same key to the same queue writes nothing (and answers null) while
   * the first job is kept: until archived, 12 hours after it completed (2 weeks if it failed).
   */
  idempotencyKey?: string
  /** Not before this many seconds from now, or this moment. */
  startAfter?: number | Date
}

export interface RunDueOptions {
  /** Also jobs whose start is still ahead (retries waiting out their backoff, delayed sends). */
  includeDelayed?: boolean
}

export interface RunDueResult {
  completed: number
  /** Failed and will be tried again. */
  retried: number
  /** Failed with no try left. */
  failed: number
}

export type JobOutcome = keyof RunDueResult

export interface JobEngineEvents {
  /** Each run's end, for the metrics (http/metrics.ts). */
  onOutcome?: (queue: string, outcome: JobOutcome) => void
}

export interface JobEngine {
  /** Declares `queue` and the function that runs its jobs; before `start`. */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: QueueOptions): void
  /**
   * A sweep: `handler` runs about every `seconds`, on one worker at a time across instances.
   * Each run first writes the next run's job (one per time slot of `seconds`, whoever writes
   * it); a cron job every minute writes it too, should a worker have died before doing so.
   */
  every(queue: string, seconds: number, handler: JobHandler<object>, options?: QueueOptions): void
  /**
   * Writes a job (on `trx` when given, else on the service's pool); answers its id, or null
   * when `idempotencyKey` found one already. The queue must be declared, and created in the
   * database (`createQueues`, which `start` does); a job for a missing queue throws.
   */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>
  /** Creates missing queues, updates changed ones; main.ts runs it before taking requests. */
  createQueues(): Promise<void>
  /**
   * Checks the schema, creates the queues and, unless `poll: false` (tests), starts the
   * workers, the sweeps' schedule and the maintenance (lost leases, archiving).
   */
  start(options?: { poll?: boolean }): Promise<void>
  /**
   * Stops taking jobs, lets claimed ones finish for JOB_STOP_TIMEOUT_MS, hands back the rest
   * (failed, so another worker retries them) and closes the engine's connections.
   */
  stop(): Promise<void>
  /**
   * Rouses this instance's idle worker of `queue` now (call it after the transaction that wrote
   * a job committed), instead of its next poll; nothing when not polling.
   */
  wake(queue: string): void
  /** Tests: runs every due job of `queue` now, in this call, and answers the outcomes. */
  runDue(queue: string, options?: RunDueOptions): Promise<RunDueResult>
  /** Tests and operators: one run of a queue's handler now (a plain job, then `runDue`). */
  trigger(queue: string, data?: object): Promise<RunDueResult>
  /** Declared queue names. */
  queues(): string[]
  /** The started pg-boss instance, for the CLI and tests that look underneath. */
  readonly boss: PgBoss
}
