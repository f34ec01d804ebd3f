import PgBoss from 'pg-boss'
import { bossConfig, type EngineDeps } from './engine-deps.ts'
import { createQueues } from './engine-queues.ts'
import { startWorkers } from './engine-workers.ts'

// Starting and stopping the engine's runner: the pg-boss instance on the engine's own pool.

/** The started runner; throws before `start` and after `stop`. */
export function started(deps: EngineDeps): PgBoss {
  if (!deps.runner || deps.state !== 'started') throw new Error('job engine not started')
  return deps.runner
}

/**
 * `start`: checks the schema, creates the queues and, unless `poll: false` (tests), starts the
 * workers, the sweeps' schedule and the maintenance.
 */
export async function start(
  deps: EngineDeps,
  { poll = true }: { poll?: boolean } = {},
): Promise<void> {
  const { settings, logger } = deps
  // Stopped before it started (a SIGTERM during start-up): nothing to start.
  if (deps.state === 'stopped') return
  if (deps.state !== 'new') throw new Error('job engine started twice')
  deps.polling = poll
  const boss = new PgBoss({
    ...bossConfig(settings),
    connectionString: settings.databaseUrl,
    max: poll ? settings.poolMax : 1,
    application_name: 'payments-service-jobs',
    // Tests (poll: false) run no maintenance, cron or polling timer: `runDue` works on demand.
    supervise: poll,
    schedule: poll,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
  })
  // pg-boss reports connection and polling errors as events; unheard, an 'error' event
  // would end the process.
  boss.on('error', (error) => logger.error({ err: error }, 'job engine error'))
  deps.runner = boss
  await boss.start()
  deps.state = 'started'
  await createQueues(deps)
  if (poll) await startWorkers(deps, boss)
}

/** `stop`: stops taking jobs, lets claimed ones finish, hands back the rest and closes. */
export async function stop(deps: EngineDeps): Promise<void> {
  const boss = deps.runner
  const wasStarted = deps.state === 'started'
  deps.state = 'stopped'
  if (!boss || !wasStarted) return
  deps.stopping.abort()
  await boss.stop({ graceful: true, wait: true, close: true, timeout: deps.settings.stopTimeoutMs })
}
