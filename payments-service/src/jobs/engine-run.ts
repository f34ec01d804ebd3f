import type PgBoss from 'pg-boss'
import type { EngineDeps } from './engine-deps.ts'
import { known } from './engine-queues.ts'
import type { JobOutcome } from './engine-types.ts'

// One run of a claimed job, whoever claimed it: a polling worker or `runDue`.

/** One run of a job's handler; answers the outcome to record. */
async function runHandler(
  deps: EngineDeps,
  queue: string,
  job: PgBoss.JobWithMetadata<object>,
): Promise<{ outcome: JobOutcome; error?: unknown; output?: unknown }> {
  const entry = known(deps, queue)
  try {
    const output = await entry.handler({
      id: job.id,
      queue,
      data: job.data ?? {},
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      ...(job.retryCount > 0 && { lastError: lastErrorOf(job.output) }),
      signal: deps.stopping.signal,
    })
    return { outcome: 'completed', output }
  } catch (error) {
    const outcome = job.retryCount >= job.retryLimit ? 'failed' : 'retried'
    deps.logger.error(
      {
        err: error,
        queue,
        job_id: job.id,
        try: job.retryCount + 1,
        ...(outcome === 'failed' && { alert: true }),
      },
      outcome === 'failed' ? 'job failed with no try left' : 'job failed, will be retried',
    )
    return { outcome, error }
  }
}

const record = (deps: EngineDeps, queue: string, outcome: JobOutcome) =>
  deps.events.onOutcome?.(queue, outcome)

/** Runs one claimed job and records its outcome in pg-boss (and the metrics). */
export async function runAndRecord(
  deps: EngineDeps,
  boss: PgBoss,
  queue: string,
  job: PgBoss.JobWithMetadata<object>,
): Promise<JobOutcome> {
  const { outcome, error, output } = await runHandler(deps, queue, job)
  if (outcome === 'completed') {
    await boss.complete(queue, job.id, isObject(output) ? output : undefined)
  } else {
    // Failed: retried after its backoff while tries are left, else kept as failed.
    await boss.fail(queue, job.id, errorOutput(error))
  }
  record(deps, queue, outcome)
  return outcome
}

/** The message of what a failed try left as its output (ours, or pg-boss's own). */
function lastErrorOf(output: unknown): string | undefined {
  const value = output as { message?: unknown; value?: { message?: unknown } } | null | undefined
  const message = value?.message ?? value?.value?.message
  return typeof message === 'string' ? message : undefined
}

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function errorOutput(error: unknown): object {
  if (error instanceof Error) return { name: error.name, message: error.message }
  return { message: String(error) }
}
