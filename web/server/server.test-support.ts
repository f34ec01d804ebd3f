import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import type { Express } from 'express'
import { pino } from 'pino'
import { createWebServer, type WebServerOptions } from './app.ts'
import { createWebMetrics } from './metrics.ts'

/** What the production server's tests share: a minimal Remix build, and a listening app. */

/** A production build of these routes whose document answers 'doc' with the status Remix chose. */
export function fakeServerBuild(routes: Record<string, unknown>): ServerBuild {
  return {
    mode: 'production',
    entry: {
      module: { default: (_request: Request, status: number) => new Response('doc', { status }) },
    },
    routes,
    assets: { routes: {}, entry: { module: '', imports: [] }, url: '', version: 'v1' },
    publicPath: '/',
    assetsBuildDirectory: '',
    basename: '/',
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild
}

/** Listens on a free loopback port; the base URL, and a stop that drops kept-alive connections. */
export async function listenForTest(
  app: Express,
): Promise<{ base: string; stop(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/**
 * The production server over `build` on a free port: silent, no metrics token, no default headers
 * and no proxies unless `options` say otherwise. Its client folder is a new temporary one, filled
 * by `prepare` and removed by stop().
 */
export async function serveForTest(
  build: ServerBuild,
  options: Partial<Omit<WebServerOptions, 'build' | 'clientDir'>> = {},
  prepare: (clientDir: string) => void = () => undefined,
): Promise<{ base: string; stop(): Promise<void> }> {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'web-client-'))
  prepare(clientDir)
  const app = createWebServer({
    build,
    clientDir,
    logger: pino({ level: 'silent' }),
    metrics: createWebMetrics(),
    metricsToken: undefined,
    defaultHeaders: {},
    publicUrl: 'http://127.0.0.1:3000',
    trustedProxyHops: 0,
    ...options,
  })
  const { base, stop } = await listenForTest(app)
  return {
    base,
    stop: async () => {
      await stop()
      rmSync(clientDir, { recursive: true, force: true })
    },
  }
}
