import type { Logger } from './logger.ts'
import { getFreePort } from './network.ts'
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts'
import type { ServiceProcess } from './service-process.ts'

/** One process of a replicated service, with the port it listens on (behind the proxy). */
export interface Replica extends ServiceProcess {
  port: number
  /** The replica itself, bypassing the proxy (a test that wants one pod in particular). */
  url: string
}

export interface ReplicaSet {
  /** The service's public URL: the proxy's, or the only replica's. */
  url: string
  replicas: Replica[]
  /** Absent with one replica: it listens on the public port itself. */
  proxy?: RoundRobinProxy
  /** Closes the proxy. The replicas are the caller's to stop: its `start` made them. */
  close(): Promise<void>
}

export interface ReplicaSetOptions {
  /** The service's name; replicas are `<name>-1`, `<name>-2`… when there is more than one. */
  name: string
  count: number
  /** The port clients use: the proxy's with several replicas, the replica's with one. */
  publicPort: number
  host?: string
  logger: Logger
  /** Where each replica's port comes from: a free one the kernel hands out, unless given. */
  allocatePort?: () => Promise<number>
  /** Starts one replica listening on `port`, its log lines prefixed with `name`. */
  start(replica: { name: string; port: number }): ServiceProcess
}

/**
 * A service as a cluster runs it: `count` processes of the same code on one database, each on a
 * port of its own, and a round-robin proxy on the public port (round-robin-proxy.ts). With one
 * replica there is no proxy and nothing changes: `npm run dev` stays as fast and as simple as
 * it was. Every replica gets its own free port, so two stacks started side by side never meet.
 */
export async function startReplicaSet(options: ReplicaSetOptions): Promise<ReplicaSet> {
  const host = options.host ?? '127.0.0.1'
  const publicUrl = `http://${host}:${options.publicPort}`
  if (!Number.isInteger(options.count) || options.count < 1) {
    throw new Error(
      `${options.name}: replicas must be a whole number from 1 (got ${options.count})`,
    )
  }
  if (options.count === 1) {
    const only = options.start({ name: options.name, port: options.publicPort })
    return {
      url: publicUrl,
      replicas: [withPort(only, options.publicPort, host)],
      close: async () => undefined,
    }
  }

  const ports: number[] = []
  while (ports.length < options.count) {
    const port = await (options.allocatePort ?? getFreePort)()
    if (port !== options.publicPort && !ports.includes(port)) ports.push(port)
  }
  const names = ports.map((_, i) => `${options.name}-${i + 1}`)
  const log = options.logger.child(`${options.name}-lb`)
  // Listening before the replicas are: a request that comes early is answered 502 (nobody
  // takes the connection yet), which readiness polls read as "not yet".
  const proxy = await startRoundRobinProxy({
    port: options.publicPort,
    host,
    upstreams: names.map((name, i) => ({ name, port: ports[i]!, host })),
    onEvent: (line) => log.line(line),
  })
  const replicas = names.map((name, i) =>
    withPort(options.start({ name, port: ports[i]! }), ports[i]!, host),
  )
  log.line(
    `round-robin on ${publicUrl} over ${replicas.map((r) => `${r.name} (:${r.port})`).join(', ')}`,
  )
  return { url: publicUrl, replicas, proxy, close: () => proxy.close() }
}

/** The process's handle (its methods close over the process) with its port and URL added. */
function withPort(child: ServiceProcess, port: number, host: string): Replica {
  return { ...child, port, url: `http://${host}:${port}` }
}
