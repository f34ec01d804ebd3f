import type PgBoss from 'pg-boss'
import type { Declared, EngineDeps } from './engine-deps.ts'
import { runAndRecord } from './engine-run.ts'
import { scheduleSweeps } from './engine-sweeps.ts'

// The polling workers of a started engine (`start` unless `poll: false`), and `wake`.

/** One polling worker for every declared queue, then the sweeps' schedule. */
export async function startWorkers(deps: EngineDeps, boss: PgBoss): Promise<void> {
  for (const [queue, entry] of deps.declared) {
    deps.workerIds.set(queue, await startWorker(deps, boss, queue, entry))
  }
  await scheduleSweeps(deps, boss)
}

/** Starts `queue`'s pg-boss worker on `boss`; answers its id. */
async function startWorker(
  deps: EngineDeps,
  boss: PgBoss,
  queue: string,
  entry: Declared,
): Promise<string> {
  const { settings } = deps
  // One pg-boss worker per queue claims up to `concurrency` jobs at a time and runs them
  // together. After a claim that found jobs it asks again at once (pg-boss would otherwise
  // wait out the polling interval after every claim); an empty one waits JOB_POLL_SECONDS.
  const concurrency = entry.options.oneAtATime ? 1 : (entry.options.workers ?? settings.workers)
  let workerId = ''
  workerId = await boss.work<object>(
    queue,
    {
      includeMetadata: true,
      batchSize: concurrency,
      pollingIntervalSeconds: Math.max(
        0.5,
        Math.min(settings.pollSeconds, entry.everySeconds ?? Infinity),
      ),
    },
    async (jobs) => {
      if (jobs.length > 0 && !entry.everySeconds) boss.notifyWorker(workerId)
      await Promise.all(jobs.map((job) => runAndRecord(deps, boss, queue, job)))
    },
  )
  return workerId
}

/** `wake`: rouses this instance's idle worker of `queue` now; nothing when not polling. */
export function wake(deps: EngineDeps, queue: string): void {
  const id = deps.workerIds.get(queue)
  if (id && deps.runner && deps.state === 'started') deps.runner.notifyWorker(id)
}
