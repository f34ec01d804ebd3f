import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A local HTTP server of an outside party's stand-in, as tests and the dev stack start it. */
export interface LocalServer {
  url: string
  /** Stops listening and cuts open keep-alive connections, so a test's teardown never waits. */
  close(): Promise<void>
}

/** Serves `handler` on host:port (port 0 picks a free one, as tests do). */
export async function serveLocally(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown,
  options: { port: number; host?: string | undefined },
): Promise<LocalServer> {
  const server = http.createServer((req, res) => void handler(req, res))
  const host = options.host ?? '127.0.0.1'
  server.listen(options.port, host)
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
