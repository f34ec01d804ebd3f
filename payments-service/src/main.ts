import { once } from 'node:events'
import { createServer } from 'node:http'
import { gracefulCloser } from '@arzpol/contracts/graceful-close'
import { loadConfig } from './config/env.ts'
import { createApp } from './app.ts'
import { composeServices } from './composition.ts'
import { createDeps } from './deps.ts'
import { startAuthCleanup } from './modules/auth/cleanup.ts'
import { startOrderExpiry } from './modules/orders/expiry.ts'
import { startReconciliation } from './modules/orders/settlement/reconciliation.ts'
import { startCredentialWipe } from './modules/orders/fulfilment/retention.ts'
import { startIdentityDocumentPurge } from './modules/identity/purge.ts'
import { startInquiryChargePurge } from './modules/identity/inquiry-caps.ts'
import { startStaffAuditPublishing } from './modules/staff-audit/publish.ts'
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
// Expired OTP challenges, old login failures and dead refresh tokens; every instance runs it.
const cleanup = startAuthCleanup(deps)
// Unpaid orders past their rate lock + ORDER_EXPIRE_AFTER_MINUTES; safe on every instance.
const expiry = startOrderExpiry(deps)
// Bank payments whose callback never arrived: verified or reversed by asking the bank.
const reconciliation = startReconciliation(
  deps,
  services.orders.payments,
  services.orders.gateway,
  {
    intervalSeconds: config.RECONCILE_SWEEP_SECONDS,
    graceMinutes: config.RECONCILE_GRACE_MINUTES,
  },
)
// Site passwords of orders finished CREDENTIALS_RETENTION_DAYS ago; safe on every instance.
const credentialWipe = startCredentialWipe(deps)
// Identity documents of accounts closed IDENTITY_DOCUMENT_RETENTION_DAYS ago; safe on every instance.
const identityPurge = startIdentityDocumentPurge(deps)
// Daily-cap records of paid inquiries older than a week (ADR 030); safe on every instance.
const inquiryChargePurge = startInquiryChargePurge(deps)
// The staff audit chain's head, out of the database's reach; every instance publishes it.
const auditHead = startStaffAuditPublishing(deps)

let stopping = false
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  // Stops accepting and answers what clients already sent (shared/src/graceful-close.ts).
  await closer.close({
    graceMs: config.SHUTDOWN_GRACE_MS,
    lingerMs: config.SHUTDOWN_LINGER_MS,
    onForce: () =>
      logger.warn('in-flight requests did not finish in time; closing their connections'),
  })
  await cleanup.stop()
  await expiry.stop()
  await reconciliation.stop()
  await credentialWipe.stop()
  await identityPurge.stop()
  await inquiryChargePurge.stop()
  await auditHead.stop()
  await deps.sms.drain()
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
