import type { Logger } from 'pino'

export interface PeriodicTask {
  /** No further runs; resolves once a run in progress finished (call before closing the pool). */
  stop(): Promise<void>
}

/**
 * Runs `task` now and then every `intervalMs`, never two runs at once. A failing run is logged
 * and the next one tries again; the timer does not keep the process alive.
 */
export function runPeriodically(
  name: string,
  task: () => Promise<unknown>,
  { intervalMs, logger }: { intervalMs: number; logger: Logger },
): PeriodicTask {
  let running: Promise<void> | undefined
  let stopped = false

  const tick = () => {
    if (stopped || running) return
    running = task()
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error, task: name }, 'periodic task failed'),
      )
      .finally(() => {
        running = undefined
      })
  }

  const timer = setInterval(tick, intervalMs)
  timer.unref()
  tick()

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

/**
 * `runPeriodically` for a sweep that answers the ids it acted on: a run that acted on any logs
 * `message` with their count and the first 50 (a large backlog must not make one huge line).
 */
export function sweepPeriodically(
  name: string,
  sweep: () => Promise<number[]>,
  { intervalMs, logger, message }: { intervalMs: number; logger: Logger; message: string },
): PeriodicTask {
  return runPeriodically(
    name,
    async () => {
      const ids = await sweep()
      if (ids.length > 0) logger.info({ count: ids.length, ids: ids.slice(0, 50) }, message)
    },
    { intervalMs, logger },
  )
}
