/**
 * web in production: `node --import tsx server/main.ts [<build>/server/index.js]` (default:
 * WEB_BUILD_DIR or ./build). Listens on HOST:PORT; on SIGTERM stops accepting, lets in-flight
 * requests finish (at most SHUTDOWN_GRACE_MS) and exits 0. Not through the tsx CLI: it SIGKILLs
 * a child whose busy event loop does not acknowledge SIGTERM within 60 ms.
 */
import { once } from 'node:events'
import { gracefulCloser } from '@arzpol/service-edge'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { installGlobals, type ServerBuild } from '@remix-run/node'
import { z } from 'zod'
import { EnvError, parseEnv } from '../app/utils/env.server.ts'
import { endLiveStreams } from '../app/features/live/live-stream.server.ts'
import { createLogger, installLogger } from '../app/utils/logger.server.ts'
import { baseSecurityHeaders, NON_DOCUMENT_CSP } from '../app/utils/security-headers.server.ts'
import { createWebServer } from './app.ts'
import { createWebMetrics } from './metrics.ts'

/** How long in-flight requests may take to finish after SIGTERM before sockets are cut. */
const SHUTDOWN_GRACE_MS = 10_000
/**
 * New connections are still answered this long after SIGTERM: the load balancer needs a moment
 * to stop sending, and connections already queued in the kernel would otherwise be reset.
 */
const SHUTDOWN_LINGER_MS = 1_000

const listenerSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: every interface (containers); the launcher sets 127.0.0.1.
  HOST: z.string().min(1).optional(),
})

function loadSettings() {
  try {
    const env = parseEnv(process.env)
    const listener = listenerSchema.safeParse(process.env)
    if (!listener.success) {
      throw new EnvError(
        `web: invalid environment variables:\n${listener.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
      )
    }
    return { env, listener: listener.data }
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const { env, listener } = loadSettings()
process.env.NODE_ENV ??= 'production'
installGlobals({ nativeFetch: true })

const logger = createLogger(env.LOG_LEVEL)
installLogger(logger)

const buildPath = path.resolve(
  process.argv[2] ?? path.join(process.env.WEB_BUILD_DIR ?? 'build', 'server', 'index.js'),
)
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild
const metrics = createWebMetrics({ processMetrics: true })

let stopping = false
const app = createWebServer({
  build,
  clientDir: path.resolve(path.dirname(buildPath), '..', 'client'),
  logger,
  metrics,
  metricsToken: env.METRICS_TOKEN,
  defaultHeaders: { ...baseSecurityHeaders(env), 'Content-Security-Policy': NON_DOCUMENT_CSP },
  publicUrl: env.WEB_PUBLIC_URL,
  trustedProxyHops: env.TRUSTED_PROXY_HOPS,
})

const server = listener.HOST ? app.listen(listener.PORT, listener.HOST) : app.listen(listener.PORT)
await once(server, 'listening')
const closer = gracefulCloser(server)
logger.info({ host: listener.HOST ?? '*', port: listener.PORT, build: buildPath }, 'web listening')

async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  // Live streams never finish by themselves: ended now, their browsers reconnect to another
  // process (with the last event they got) instead of waiting out the grace period.
  endLiveStreams()
  // Stops accepting and answers what clients already sent (packages/service-edge).
  await closer.close({
    graceMs: SHUTDOWN_GRACE_MS,
    lingerMs: SHUTDOWN_LINGER_MS,
    onForce: () =>
      logger.warn('in-flight requests did not finish in time; closing their connections'),
  })
  logger.info('stopped')
  logger.flush()
  process.exit(0)
}

// `on`, not `once`: a signal to the process group can arrive twice (tsx relays it too), and a
// second one without a listener would end the process at once, in-flight requests and all.
process.on('SIGTERM', (signal) => void shutdown(signal))
process.on('SIGINT', (signal) => void shutdown(signal))
