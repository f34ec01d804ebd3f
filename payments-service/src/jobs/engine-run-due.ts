import type { EngineDeps } from './engine-deps.ts'
import { started } from './engine-lifecycle.ts'
import { known } from './engine-queues.ts'
import { runAndRecord } from './engine-run.ts'
import type { RunDueOptions, RunDueResult } from './engine-types.ts'

// Running jobs on demand, in the caller's call: tests (the engine started without polling) and
// operators.

// Bounds one `runDue` call, so a job that fails with no delay cannot spin a test forever.
const RUN_DUE_MAX_JOBS = 10_000

/** `runDue`: runs every due job of `queue` now, in this call, and answers the outcomes. */
export async function runDue(
  deps: EngineDeps,
  queue: string,
  { includeDelayed = false }: RunDueOptions = {},
): Promise<RunDueResult> {
  known(deps, queue)
  const boss = started(deps)
  const result: RunDueResult = { completed: 0, retried: 0, failed: 0 }
  for (let ran = 0; ran < RUN_DUE_MAX_JOBS;) {
    const jobs = await boss.fetch<object>(queue, {
      batchSize: 50,
      includeMetadata: true,
      ignoreStartAfter: includeDelayed,
    })
    if (jobs.length === 0) break
    for (const job of jobs) {
      ran++
      result[await runAndRecord(deps, boss, queue, job)]++
    }
  }
  return result
}

/**
 * `trigger`: one run of a queue's handler now: a plain job, then `runDueNow` (the engine's own
 * `runDue`).
 */
export async function trigger(
  deps: EngineDeps,
  runDueNow: (queue: string) => Promise<RunDueResult>,
  queue: string,
  data: object = {},
): Promise<RunDueResult> {
  known(deps, queue)
  await started(deps).send(queue, data)
  return runDueNow(queue)
}
