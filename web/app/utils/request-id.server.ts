import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

/**
 * One id per customer request, carried to payments-service and the cms in `X-Request-Id` and
 * written in every service's log lines, so one customer action can be followed across services.
 *
 * web's server (server/app.ts) accepts the id a load balancer in front of it set, or makes one,
 * and runs the request inside `runWithRequestId`, so code far from the `Request` (the cms
 * client's cached reads) still knows which request it works for.
 */

export const REQUEST_ID_HEADER = 'X-Request-Id'

// Anything that does not look like an id is replaced, never echoed into logs and headers.
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function acceptRequestId(incoming: string | null | undefined): string {
  return incoming && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
}

interface RequestContext {
  requestId: string
}

// The server (run by tsx) and the Remix build (bundled by Vite) each get their own copy of this
// module; one storage on globalThis makes both see the same context.
const STORAGE_KEY = Symbol.for('arzpol.web.request-context')
const globals = globalThis as typeof globalThis & {
  [STORAGE_KEY]?: AsyncLocalStorage<RequestContext>
}
const storage = (globals[STORAGE_KEY] ??= new AsyncLocalStorage<RequestContext>())

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn)
}

/** The id of the request being served, when web's own server is serving one. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

/** `{ 'X-Request-Id': … }` for an outgoing call, or nothing outside a request. */
export function requestIdHeader(): Record<string, string> {
  const id = currentRequestId()
  return id ? { [REQUEST_ID_HEADER]: id } : {}
}
