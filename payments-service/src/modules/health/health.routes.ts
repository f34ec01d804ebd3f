import type { Knex } from 'knex'
import { z } from 'zod'
import { ping } from '../../db/ping.ts'
import { ok, reply, routeGroup, type Api } from '../../http/route.ts'

export const SERVICE_NAME = 'payments-service'
export const DATABASE_UNAVAILABLE = 'پایگاه داده در دسترس نیست'
export const SHUTTING_DOWN = 'سرویس در حال خاموش شدن است'

// A database that hangs must not hang the probe: orchestrators time out and restart instead.
const READY_TIMEOUT_MS = 2_000

const Status = z.object({ status: z.literal('ok'), service: z.string() })
const OK = { status: 'ok' as const, service: SERVICE_NAME }

async function databaseAnswers(db: Knex): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)
  })
  try {
    return await Promise.race([ping(db).then(() => true), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `draining`: true once SIGTERM started the graceful close (main.ts). Readiness then fails, so
 * the load balancer stops sending here even before Kubernetes removes the pod's endpoint.
 */
export function registerHealthRoutes(api: Api, db: Knex, draining: () => boolean) {
  const ops = routeGroup(api, { tags: ['ops'] })

  ops.get('/healthz', {
    operationId: 'healthz',
    summary: 'Liveness: the process answers (does not touch the database)',
    responses: ok('Alive', Status),
    handler: () => reply(200, OK),
  })

  ops.get('/readyz', {
    operationId: 'readyz',
    summary: 'Readiness: not shutting down, and the database answers `select 1`',
    responses: {
      200: { description: 'Ready', schema: Status },
      503: {
        description: 'Shutting down, or database unreachable',
        schema: z.object({ detail: z.string() }),
      },
    },
    handler: async () => {
      if (draining()) return reply(503, { detail: SHUTTING_DOWN })
      return (await databaseAnswers(db))
        ? reply(200, OK)
        : reply(503, { detail: DATABASE_UNAVAILABLE })
    },
  })
}
