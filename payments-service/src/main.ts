import { once } from 'node:events'
import { loadConfig } from './config/env.ts'
import { createApp } from './app.ts'
import { createDeps } from './deps.ts'
import { startAuthCleanup } from './modules/auth/cleanup.ts'
import { startOrderExpiry } from './modules/payments/expiry.ts'

/** How long in-flight requests may take to finish after SIGTERM before sockets are cut. */
const SHUTDOWN_GRACE_MS = 10_000

const config = loadConfig()
const deps = await createDeps(config)
const { logger } = deps
const app = createApp(deps)

const server = app.listen(config.PAYMENTS_PORT, config.PAYMENTS_HOST)
await once(server, 'listening')
logger.info(
  { host: config.PAYMENTS_HOST, port: config.PAYMENTS_PORT, env: config.APP_ENV },
  'payments-service listening',
)
// Expired OTP challenges, old login failures and dead refresh tokens; every instance runs it.
const cleanup = startAuthCleanup(deps)
// Unpaid orders past their rate lock + ORDER_EXPIRE_AFTER_MINUTES; safe on every instance.
const expiry = startOrderExpiry(deps)

let stopping = false
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  const force = setTimeout(() => {
    logger.warn('in-flight requests did not finish in time; closing their connections')
    server.closeAllConnections()
  }, SHUTDOWN_GRACE_MS)
  force.unref()

  // close() stops accepting and waits for in-flight requests; idle keep-alive sockets would
  // otherwise hold it open until they time out.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  await closed
  await cleanup.stop()
  await expiry.stop()
  await deps.sms.drain()
  await deps.db.destroy()
  logger.info('stopped')
  logger.flush()
  process.exit(0)
}

process.once('SIGTERM', (signal) => void shutdown(signal))
process.once('SIGINT', (signal) => void shutdown(signal))
