import type PgBoss from 'pg-boss'
import { KEEPER_QUEUE, type EngineDeps } from './engine-deps.ts'
import { declare } from './engine-queues.ts'
import type { JobHandler, QueueOptions } from './engine-types.ts'

// Sweeps (`every`): each run writes the next one's job, every instance writes the current slot's
// at start, and the keeper's cron job writes it every minute.

/** The sweep's job for the current time slot, or else the next one; one per slot. */
export async function seed(boss: PgBoss, queue: string, seconds: number): Promise<void> {
  await boss.sendDebounced(queue, {}, {}, seconds, 'tick')
}

/** `every`: declares a sweep, `handler` run about every `seconds` on one worker at a time. */
export function every(
  deps: EngineDeps,
  queue: string,
  seconds: number,
  handler: JobHandler<object>,
  options: QueueOptions = {},
): void {
  declare(deps, queue, {
    options: { retryLimit: 1, ...options, oneAtATime: true },
    everySeconds: seconds,
    handler: async (job) => {
      // The next run exists before this one does anything that could fail.
      if (deps.polling && deps.runner) await seed(deps.runner, queue, seconds)
      return handler(job)
    },
  })
}

/** Writes every sweep's current job now, and has the keeper write them again every minute. */
export async function scheduleSweeps(deps: EngineDeps, boss: PgBoss): Promise<void> {
  const sweeps = [...deps.declared].flatMap(([queue, entry]) =>
    entry.everySeconds ? [{ queue, seconds: entry.everySeconds }] : [],
  )
  const seedAll = async () => {
    for (const { queue, seconds } of sweeps) await seed(boss, queue, seconds)
  }
  await seedAll()
  await boss.work(KEEPER_QUEUE, { pollingIntervalSeconds: deps.settings.pollSeconds }, seedAll)
  await boss.schedule(KEEPER_QUEUE, '* * * * *')
}
