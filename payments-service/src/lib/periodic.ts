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
