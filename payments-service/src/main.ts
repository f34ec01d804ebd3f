import { once } from 'node:events'
import { createServer } from 'node:http'
import { gracefulCloser } from '@arzpol/service-edge'
import { loadConfig } from './config/env.ts'
import { createApp } from './app.ts'
import { composeServices } from './composition.ts'
import { createDeps } from './deps.ts'
import { declareBackgroundJobs } from './jobs/background.ts'
import { startSandboxIdentity } from './sandbox-identity/server.ts'

const config = loadConfig()
// The sandbox identity provider (a real HTTP server) runs in this process when no address is
// given: `npm run dev` and the e2e stack get one without a process of their own. env.ts
// refuses the sandbox in production.
const sandboxIdentity =
  config.IDENTITY_PROVIDER === 'sandbox' && !config.IDENTITY_SANDBOX_URL
    ? await startSandboxIdentity({ port: 0 })
    : null
if (sandboxIdentity) config.IDENTITY_SANDBOX_URL = sandboxIdentity.url
const deps = await createDeps(config)
const { logger } = deps
// Readiness asks the closer (made below, before the first request can arrive) if we are draining.
const services = composeServices(deps)
// The change bus (ADR 033): from now on this pod hears every pod's catalog and cms changes.
services.changes.start()
// Background work is jobs on PostgreSQL (ADR 032). Queues exist before the first request can
// write a job; workers start once the server listens.
declareBackgroundJobs(deps, services)
await deps.jobs.createQueues()
const app = createApp(deps, { services, draining: () => closer.draining })
const server = createServer(app.callback())
const closer = gracefulCloser(server)
server.listen(config.PAYMENTS_PORT, config.PAYMENTS_HOST)
await once(server, 'listening')
logger.info(
  { host: config.PAYMENTS_HOST, port: config.PAYMENTS_PORT, env: config.APP_ENV },
  'payments-service listening',
)
if (sandboxIdentity)
  logger.info({ url: sandboxIdentity.url }, 'sandbox identity provider listening')
// Workers, the sweeps' schedule and the engine's maintenance (jobs/background.ts lists the jobs).
await deps.jobs.start()
logger.info({ queues: deps.jobs.queues() }, 'job engine started')

let stopping = false
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  // At the same time as the requests drain: no new job is claimed, claimed ones finish within
  // JOB_STOP_TIMEOUT_MS or are handed back to other instances (ADR 032). Both end before the
  // pool their work uses closes.
  const jobsStopped = deps.jobs.stop()
  // The change streams to web never end on their own: end them (web reconnects elsewhere).
  await services.changes.stop()
  // Stops accepting and answers what clients already sent (packages/service-edge).
  await closer.close({
    graceMs: config.SHUTDOWN_GRACE_MS,
    lingerMs: config.SHUTDOWN_LINGER_MS,
    onForce: () =>
      logger.warn('in-flight requests did not finish in time; closing their connections'),
  })
  await jobsStopped
  await sandboxIdentity?.close()
  await deps.db.destroy()
  logger.info('stopped')
  logger.flush()
  process.exit(0)
}

// `on`, not `once`: a signal to the process group can arrive twice (tsx relays it too), and a
// second one without a listener would end the process at once, in-flight requests and all.
process.on('SIGTERM', (signal) => void shutdown(signal))
process.on('SIGINT', (signal) => void shutdown(signal))
