import PgBoss from 'pg-boss'
import { dollarSqlOn } from '../db/dollar-sql.ts'
import { BackgroundJob } from '../models/background-job.ts'
import {
  bossConfig,
  CRON_QUEUE,
  KEEPER_QUEUE,
  type Declared,
  type EngineDeps,
} from './engine-deps.ts'
import type { JobHandler, QueueOptions } from './engine-types.ts'

// The engine's queues: declared by code before `start`, created in the database by it.

export function declare(deps: EngineDeps, queue: string, entry: Declared): void {
  if (deps.state !== 'new') throw new Error(`job queue ${queue} declared after the engine started`)
  if (deps.declared.has(queue) || queue === KEEPER_QUEUE) {
    throw new Error(`job queue ${queue} declared twice`)
  }
  deps.declared.set(queue, entry)
}

export function known(deps: EngineDeps, queue: string): Declared {
  const entry = deps.declared.get(queue)
  if (!entry) throw new Error(`job queue ${queue} was never declared`)
  return entry
}

/** `work`: declares `queue` and the function that runs its jobs. */
export function work<T extends object>(
  deps: EngineDeps,
  queue: string,
  handler: JobHandler<T>,
  options: QueueOptions = {},
): void {
  declare(deps, queue, { handler: handler as JobHandler<object>, options })
}

/** `queues`: the declared queue names. */
export function queueNames(deps: EngineDeps): string[] {
  return [...deps.declared.keys()]
}

function queueOptions(deps: EngineDeps, name: string, options: QueueOptions): PgBoss.Queue {
  const { settings } = deps
  return {
    name,
    policy: options.oneAtATime ? 'singleton' : 'standard',
    retryLimit: options.retryLimit ?? settings.retryLimit,
    retryDelay: options.retryDelaySeconds ?? settings.retryDelaySeconds,
    retryBackoff: options.retryBackoff ?? true,
    expireInSeconds: options.leaseSeconds ?? settings.leaseSeconds,
  }
}

/** The queues this release wants that are missing or have other options, against `boss`. */
async function queueChanges(
  deps: EngineDeps,
  boss: PgBoss,
): Promise<Array<{ options: PgBoss.Queue; exists: boolean }>> {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]))
  const wanted = [...deps.declared].map(([name, entry]) => queueOptions(deps, name, entry.options))
  wanted.push(queueOptions(deps, KEEPER_QUEUE, { retryLimit: 0, oneAtATime: true }))
  // pg-boss's cron queue, which its start creates outside this lock otherwise.
  wanted.push(queueOptions(deps, CRON_QUEUE, {}))
  return wanted.flatMap((options) => {
    const current = existing.get(options.name)
    const same =
      current &&
      current.policy === options.policy &&
      current.retryLimit === options.retryLimit &&
      current.retryDelay === options.retryDelay &&
      current.retryBackoff === options.retryBackoff &&
      current.expireInSeconds === options.expireInSeconds
    return same ? [] : [{ options, exists: Boolean(current) }]
  })
}

export async function createQueues(deps: EngineDeps): Promise<void> {
  if ((await queueChanges(deps, deps.writer)).length === 0) return
  // Instances starting together would create queues at the same time, and pg-boss's
  // create_queue (a table attached as a partition) deadlocks with itself: one at a time, in a
  // transaction, looking again once the lock is held.
  await deps.db.transaction(async (trx) => {
    await BackgroundJob.lockQueueChanges(trx)
    const boss = new PgBoss({
      ...bossConfig(deps.settings),
      db: dollarSqlOn(trx),
      supervise: false,
      schedule: false,
    })
    for (const { options, exists } of await queueChanges(deps, boss)) {
      if (exists) await boss.updateQueue(options.name, options)
      else await boss.createQueue(options.name, options)
    }
  })
}
