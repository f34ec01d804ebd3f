/**
 * The replicas of the shared stack (global setup starts payments-service and web as
 * `payments-1`, `payments-2`, `web-1`, `web-2` behind round-robin proxies on their public ports).
 * Global setup runs in another process than the specs, so it hands each replica's name, process
 * group and own URL over in E2E_STACK_REPLICAS.
 *
 * Killing one of the shared stack's replicas is felt by every spec running beside it (a POST in
 * flight on it gets a 502), so only a spec tagged @global-state (run alone, after the others)
 * may do it; a spec that kills freely starts a replica stack of its own (replica-stack.ts).
 */

export interface StackReplica {
  /** `payments-1`, `web-2`… */
  name: string
  /** The leader of the replica's process group. */
  pid: number
  /** The replica itself, bypassing the proxy. */
  url: string
}

export function describeReplicas(replicas: readonly StackReplica[]): string {
  return JSON.stringify(replicas.map(({ name, pid, url }) => ({ name, pid, url })))
}

export function stackReplicas(): StackReplica[] {
  const described = process.env.E2E_STACK_REPLICAS
  if (!described) throw new Error('E2E_STACK_REPLICAS is not set: run through global setup')
  return JSON.parse(described) as StackReplica[]
}

export function stackReplica(name: string): StackReplica {
  const found = stackReplicas().find((replica) => replica.name === name)
  if (!found)
    throw new Error(`no replica ${name} in the stack (${describeReplicas(stackReplicas())})`)
  return found
}

/**
 * Sends `signal` (SIGKILL: a crash, no shutdown of its own) to the replica's whole process group
 * and waits until its port no longer takes connections; the proxy then serves through the others.
 */
export async function killReplica(
  replica: StackReplica,
  signal: NodeJS.Signals = 'SIGKILL',
  timeoutMs = 10_000,
): Promise<void> {
  try {
    process.kill(-replica.pid, signal)
  } catch {
    // Already gone.
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      await fetch(`${replica.url}/healthz`, { signal: AbortSignal.timeout(1_000) })
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${replica.name} still answers ${timeoutMs / 1000} s after ${signal}`)
}
