import { afterAll, beforeAll } from 'vitest'
import { createApp } from '../app.ts'
import { composeServices, type Services } from '../composition.ts'
import { createDeps } from '../deps.ts'
import { startTestServer, type TestClient } from './http.ts'
import { useOrdersApp, type OrdersTestApp } from './orders.ts'
import { withTestSessions } from './sessions.ts'

/** A second instance of the service: its own process state (caches, bus), the same database. */
export interface OtherPod {
  readonly api: TestClient
  readonly services: Services
}

/**
 * Two pods of payments-service on one database, as several replicas run behind one Service:
 * `a` is the usual orders test app, `b` another app built from the same configuration, database
 * and clock, with caches and a change bus of its own. Both buses listen from the start.
 */
export function useTwoPods(env: Record<string, string> = {}): {
  a: OrdersTestApp
  readonly b: OtherPod
} {
  const a = useOrdersApp(env)
  let b: OtherPod | undefined

  beforeAll(async () => {
    const deps = withTestSessions(
      await createDeps(a.deps.config, { db: a.deps.db, clock: a.clock }),
    )
    const services = composeServices(deps)
    const api = await startTestServer(createApp(deps, { services }))
    b = { api, services }
    a.services.changes.start()
    services.changes.start()
    await Promise.all([a.services.changes.ready(), services.changes.ready()])
  })
  afterAll(async () => {
    await b?.services.changes.stop()
    await a.services.changes.stop()
    await b?.api.close()
  })

  return {
    a,
    get b() {
      if (!b) throw new Error('useTwoPods: the second pod exists only inside tests')
      return b
    },
  }
}

/**
 * Asks `probe` again every 50 ms until it answers true, for at most `timeoutMs`: how long a
 * change took to reach another pod, or an error saying it never did.
 */
export async function eventually(
  probe: () => Promise<boolean>,
  { timeoutMs = 5_000, what = 'the condition' } = {},
): Promise<number> {
  const started = performance.now()
  for (;;) {
    if (await probe()) return performance.now() - started
    if (performance.now() - started > timeoutMs)
      throw new Error(`${what} did not hold within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
