import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import type { Express } from 'express'

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
