import { createRequestHandler } from '@remix-run/node'
import type { ServerBuild } from '@remix-run/node'
import { createServer } from 'vite'
import { expect } from 'vitest'
import { getRequest } from './utils.ts'

export { expectToHold } from './expect-html.ts'

/** A page as a browser without JavaScript receives it. */
export interface RenderedPage {
  status: number
  headers: Headers
  text: string
}

export interface SsrApp {
  /** Remix's real request handler, as web's server calls it. */
  handle(request: Request): Promise<Response>
  /** The answer to a request (a path: a plain GET), its body read as text. */
  render(request: Request | string): Promise<RenderedPage>
  /** The HTML of a page that must answer 200 to a plain GET. */
  page(path: string): Promise<string>
  /** One of the app's modules as Vite loaded it: the app's own instances, not the test's copies. */
  load(path: string): Promise<Record<string, unknown>>
  close(): Promise<void>
}

/**
 * The whole app served by Remix's real request handler, built by Vite as in development. The app
 * reads its environment when the build is loaded: set it before. `cacheName` gives each test
 * file its own Vite cache, so files running side by side, and a dev server running beside the
 * tests, do not disturb each other.
 */
export async function startSsrApp(cacheName: string): Promise<SsrApp> {
  const vite = await createServer({
    root: new URL('..', import.meta.url).pathname,
    configFile: new URL('../vite.config.ts', import.meta.url).pathname,
    server: { middlewareMode: true, hmr: false, ws: false },
    cacheDir: `node_modules/.vite-${cacheName}`,
    logLevel: 'error',
  })
  const build = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  const handle = (request: Request) => handler(request)
  const render = async (request: Request | string) => {
    const response = await handle(typeof request === 'string' ? getRequest(request) : request)
    return { status: response.status, headers: response.headers, text: await response.text() }
  }
  return {
    handle,
    render,
    async page(path) {
      const { status, text } = await render(path)
      expect(status, path).toBe(200)
      return text
    },
    load: (path) => vite.ssrLoadModule(path),
    close: () => vite.close(),
  }
}
