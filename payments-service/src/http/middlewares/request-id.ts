import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { User } from '../../models/user.model.ts'
import type { AppContext, AppState } from '../context.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'

// web forwards its own id so one request can be followed across services; anything that does
// not look like an id is replaced rather than echoed into logs and headers.
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/

// Our own ids are UUIDs (the format web and the logs expect). randomUUID() draws from an
// entropy cache Node refills in batches, so it is already cheap: no syscall per request.

/**
 * `ctx.state` of every request. The child logger carrying the request id is made on first use:
 * most requests never log (the access log is off below `info`), and a pino child is not free.
 */
class RequestState implements AppState {
  user?: User
  #logger: Logger | undefined
  constructor(
    readonly requestId: string,
    private readonly root: Logger,
  ) {}
  get logger(): Logger {
    return (this.#logger ??= this.root.child({ request_id: this.requestId }))
  }
  set logger(logger: Logger) {
    this.#logger = logger
  }
}

/**
 * Gives the request its id (web's, when well formed, or a new UUID) and its `ctx.state`, and
 * echoes the id in the answer.
 */
export function beginRequest(ctx: AppContext, logger: Logger): void {
  const incoming = ctx.req.headers['x-request-id']
  const id = typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
  // Koa starts every request with an empty `state`; anything put there before us is kept.
  ctx.state = Object.assign(new RequestState(id, logger), ctx.state)
  ctx.res.setHeader(REQUEST_ID_HEADER, id)
}
