import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { AppMiddleware } from '../context.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'

// web forwards its own id so one request can be followed across services; anything that does
// not look like an id is replaced rather than echoed into logs and headers.
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function requestId(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER)
    const id = ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
    ctx.state.requestId = id
    ctx.state.logger = logger.child({ request_id: id })
    ctx.set(REQUEST_ID_HEADER, id)
    await next()
  }
}
