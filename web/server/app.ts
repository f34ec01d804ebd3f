import type { ServerResponse } from 'node:http'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import type { Logger } from 'pino'
import {
  acceptRequestId,
  REQUEST_ID_HEADER,
  runWithRequestId,
} from '../app/utils/request-id.server.ts'
import { bearerMatches } from '@arzpol/service-edge'
import { clientAddressHeader } from './client-address.ts'
import type { WebMetrics } from './metrics.ts'
import { createRouteLabeler } from './route-label.ts'
import { originCheck } from './same-origin.ts'

export const METRICS_PATH = '/metrics'

// compression's and @remix-run/express's typings resolve the hoisted @types/express 5 (another
// workspace's), while this server runs express 4 with its own typings: same middleware shape.
const asHandler = (handler: unknown) => handler as express.RequestHandler

export interface WebServerOptions {
  build: ServerBuild
  /** The build's `client` folder: `/assets` (hashed, immutable) and the public files. */
  clientDir: string
  logger: Logger
  metrics: WebMetrics
  /** `Authorization: Bearer` token of `GET /metrics`; without one the endpoint does not exist. */
  metricsToken: string | undefined
  /** Headers every answer gets unless the app set its own (security headers). */
  defaultHeaders: Record<string, string>
  /** WEB_PUBLIC_URL: form posts from this origin are accepted (same-origin.ts). */
  publicUrl: string
  /** TRUSTED_PROXY_HOPS: proxies in front of web whose X-Forwarded-For is read (client-address.ts). */
  trustedProxyHops: number
}

/**
 * Sets `defaults` on the response at the last moment, for each header the handler did not set.
 * Remix appends its own headers (documents carry their CSP), so setting them up front would
 * send two policies, and browsers enforce both.
 */
function withDefaultHeaders(res: ServerResponse, defaults: Record<string, string>) {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    for (const [name, value] of Object.entries(defaults)) {
      if (!this.hasHeader(name)) this.setHeader(name, value)
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
}

/**
 * What compression's own rule would compress, but a live stream: its events go out as they
 * happen, and compressed they would wait in the compressor's buffer (ADR 043).
 */
const compressible: compression.CompressionFilter = (req, res) =>
  !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
  compression.filter(req, res)

/**
 * web's production HTTP server: request ids, access log and metrics, security headers, the
 * client's address, the origin check of form posts, compression, static files, then Remix.
 * `vite:dev` serves development instead (with the same address and origin middleware,
 * vite.config.ts).
 */
export function createWebServer(options: WebServerOptions): Express {
  const { build, logger, metrics } = options
  const routeLabel = createRouteLabeler(build.routes)
  const app = express()
  app.disable('x-powered-by')

  // First, so every later line and every upstream call of this request carries the id.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const id = acceptRequestId(req.get(REQUEST_ID_HEADER))
    // Remix builds its Request from these headers: loaders see the same id (request-meta).
    req.headers['x-request-id'] = id
    withDefaultHeaders(res, { ...options.defaultHeaders, [REQUEST_ID_HEADER]: id })
    const started = performance.now()
    res.once('finish', () => observe(req, res, id, started))
    runWithRequestId(id, next)
  })

  function observe(req: Request, res: Response, id: string, started: number) {
    const seconds = (performance.now() - started) / 1000
    const route =
      res.locals.route ?? (req.path.startsWith('/assets/') ? 'assets' : routeLabel(req.path))
    metrics.httpDuration.observe(
      { method: req.method, route, status: String(res.statusCode) },
      seconds,
    )
    // Path only: query strings can carry codes and tokens (bank callbacks, reset links).
    logger.info(
      {
        request_id: id,
        method: req.method,
        path: req.path,
        route,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
      },
      'request',
    )
  }

  // Before anything answers for a route: one X-Forwarded-For entry, the client's (ADR 016) ...
  app.use(clientAddressHeader(options.trustedProxyHops))
  // ... and no form post from another origin reaches an action.
  app.use(
    originCheck({
      publicUrl: options.publicUrl,
      trustForwardedHost: options.trustedProxyHops > 0,
    }),
  )

  app.get(METRICS_PATH, async (req: Request, res: Response, next: NextFunction) => {
    if (!options.metricsToken) return next()
    res.locals.route = METRICS_PATH
    if (!bearerMatches(req.get('Authorization') ?? '', options.metricsToken)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').end()
      return
    }
    res.set('Content-Type', metrics.registry.contentType).set('Cache-Control', 'no-store')
    res.send(await metrics.registry.metrics())
  })

  app.use(asHandler(compression({ filter: compressible })))
  const markStatic = (res: ServerResponse) => {
    ;(res as Response).locals.route = 'static'
  }
  // Vite fingerprints everything under /assets: a year, never revalidated.
  app.use(
    '/assets',
    express.static(`${options.clientDir}/assets`, {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: true,
      setHeaders: markStatic,
    }),
  )
  // favicon, robots.txt and the like keep their names: an hour.
  app.use(express.static(options.clientDir, { maxAge: '1h', index: false, setHeaders: markStatic }))

  app.all('*', asHandler(createRequestHandler({ build, mode: process.env.NODE_ENV })))

  // Anything thrown outside Remix (which answers its own errors) ends here, logged by id.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    logger.error({ err: error, request_id: req.get(REQUEST_ID_HEADER) }, 'unhandled error')
    if (res.headersSent) return next(error)
    res.status(500).type('text/plain; charset=utf-8').send('خطای داخلی سرور')
  })
  return app
}
