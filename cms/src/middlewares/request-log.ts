import { randomUUID } from 'node:crypto'

import type { Core } from '@strapi/strapi'

/**
 * `global::request-log`, in place of `strapi::logger`: one line per request that carries the
 * request id web sent (`X-Request-Id`), so a customer action can be followed from web's log to
 * the cms's; a request without one gets a new id. The id is echoed in the answer.
 *
 * The path is logged without its query string (strapi::logger logs the whole URL): queries are
 * the caller's business and may one day carry something private.
 */

const HEADER = 'X-Request-Id'
// Anything that does not look like an id is replaced, never echoed into logs and headers.
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function acceptRequestId(incoming: string | undefined): string {
  return incoming && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
}

interface LogContext {
  method: string
  path: string
  status: number
  state: Record<string, unknown>
  get(name: string): string
  set(name: string, value: string): void
}

export default (_config: unknown, { strapi }: { strapi: Pick<Core.Strapi, 'log'> }) => {
  return async (ctx: LogContext, next: () => Promise<unknown>) => {
    const id = acceptRequestId(ctx.get(HEADER))
    ctx.state.requestId = id
    ctx.set(HEADER, id)
    const started = performance.now()
    try {
      await next()
    } finally {
      const ms = Math.ceil(performance.now() - started)
      strapi.log.http(`${ctx.method} ${ctx.path} (${ms} ms) ${ctx.status} request_id=${id}`)
    }
  }
}
