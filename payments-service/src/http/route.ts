import type { Readable } from 'node:stream'
import Router from '@koa/router'
import type { z } from 'zod'
import { ProposalAcceptedOut, PROPOSAL_MESSAGES } from '@arzpol/contracts/proposals'
import type { Role, User } from '../models/user.model.ts'
import type { AppContext, AppMiddleware, AppState } from './context.ts'
import { ApiError, ValidationError, type FieldErrors } from './errors.ts'
import { requireRole } from './middlewares/auth.ts'
import {
  OpenApiRegistry,
  type HttpMethod,
  type OperationText,
  type ResponseDoc,
} from './openapi/registry.ts'
import { responseWriter, type Shaper } from './response-shape.ts'
import { parseQuery } from './query.ts'
import { contentDisposition } from './uploads.ts'
import { parseInput } from './validation.ts'

const MULTIPART_REQUIRED = 'بدنه درخواست باید multipart/form-data باشد.'

/** The router plus the OpenAPI document it feeds; every route goes through `defineRoute`. */
export interface Api {
  router: Router<AppState>
  openapi: OpenApiRegistry
  requireUser: AppMiddleware
  /**
   * Check response bodies against their schemas (development and tests) or only shape them to
   * the declared fields (production): see response-shape.ts for why.
   */
  validateResponses: boolean
  /** Routes without path parameters, by `METHOD /path` (see `apiRoutes`). */
  staticRoutes: Map<string, { pattern: string; run: AppMiddleware }>
}

export function createApi(
  requireUser: AppMiddleware,
  options: { validateResponses?: boolean } = {},
): Api {
  return {
    router: new Router<AppState>(),
    openapi: new OpenApiRegistry(),
    requireUser,
    validateResponses: options.validateResponses ?? true,
    staticRoutes: new Map(),
  }
}

/**
 * Runs middlewares in order, each `next` calling the following one (koa-compose, made once). A
 * route with nothing before its handler (the quote) runs the handler itself.
 */
function chain(stack: AppMiddleware[]): AppMiddleware {
  if (stack.length === 1 && stack[0]) return stack[0]
  return (ctx, next) => dispatch(stack, 0, ctx, next)
}

function dispatch(
  stack: AppMiddleware[],
  index: number,
  ctx: AppContext,
  next: () => Promise<unknown>,
): Promise<unknown> {
  const middleware = stack[index]
  if (!middleware) return next()
  return Promise.resolve(middleware(ctx, () => dispatch(stack, index + 1, ctx, next)))
}

/**
 * The router behind one middleware, with a shortcut: a request for a route without path
 * parameters (the quote, the order list, create, …) is answered from an exact `METHOD /path`
 * lookup, skipping @koa/router's per-request work (testing every route's pattern, building and
 * composing the matched layers' chain, the allowed-methods frame). Everything else — paths with
 * ids, other spellings, HEAD, 404 and 405 — goes through the router as before. The shortcut
 * sets `_matchedRoute` as the router would, for the metrics labels.
 */
export function apiRoutes(api: Api): AppMiddleware {
  const routes = api.router.routes() as unknown as AppMiddleware
  const allowed = api.router.allowedMethods() as unknown as AppMiddleware
  return (ctx, next) => {
    const hit = api.staticRoutes.get(`${ctx.method} ${ctx.path}`)
    if (hit) {
      const routed = ctx as unknown as { _matchedRoute: string; params: Record<string, string> }
      routed._matchedRoute = hit.pattern
      routed.params = {}
      return hit.run(ctx, next)
    }
    return routes(ctx, () => allowed(ctx, next))
  }
}

/**
 * The requests (Node's request objects) whose input passed validation and reached their route's
 * handler. Only read by the generated fuzz (src/fuzz/), which reports per operation how many of
 * its requests got this far; a WeakSet, so nothing is kept once a request is gone.
 */
export const reachedHandler = new WeakSet<object>()

type Schema = z.ZodType | undefined
type Auth = 'user' | readonly Role[] | undefined
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined

export interface RouteInput<B extends Schema, Q extends Schema, P extends Schema, A extends Auth> {
  body: Out<B>
  query: Out<Q>
  params: Out<P>
  /** The signed-in user when the route declares `auth`. */
  user: A extends undefined ? undefined : User
}

type Responses = Record<number, ResponseDoc>

/**
 * A handler's answer: `return reply(201, tokens)`. The helper keeps the status a literal type, so
 * the compiler checks it against the route's declared responses and their body schemas.
 */
export const reply = <const S extends number, B>(status: S, body: B) => ({ status, body })

/** A handler answers with one of its declared statuses and a body of that status's schema. */
export type RouteResult<R extends Responses> = {
  [S in keyof R & number]: {
    status: S
    body: R[S] extends { binary: object }
      ? Readable | Buffer
      : R[S]['schema'] extends z.ZodType
        ? z.input<R[S]['schema']>
        : undefined
  }
}[keyof R & number]

/** What a route declares besides its method, path, tags and who may call it. */
export interface RouteParts<
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  A extends Auth,
  R extends Responses,
> extends OperationText {
  body?: B
  /**
   * Also accept `multipart/form-data`: `read` turns such a body into the object `body` validates
   * (files included). It runs after authentication, so anonymous callers never get to upload.
   * `only`: refuse other bodies with 415.
   */
  multipart?: { read: (ctx: AppContext) => Promise<Record<string, unknown>>; only?: boolean }
  query?: Q
  params?: P
  /** Successful answers. Their schemas also shape the body: undeclared fields never leave. */
  responses: R
  /** Error statuses this route can answer with (documented with the shared error shapes). */
  errors?: number[]
  /** Run before authentication and validation, e.g. rate limits. */
  before?: AppMiddleware[]
  // NoInfer: R comes from `responses` alone, never from what a handler happens to return.
  handler: (
    ctx: AppContext,
    input: RouteInput<B, Q, P, A>,
  ) => NoInfer<RouteResult<R>> | Promise<NoInfer<RouteResult<R>>>
}

export interface RouteSpec<
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  A extends Auth,
  R extends Responses,
> extends RouteParts<B, Q, P, A, R> {
  method: HttpMethod
  path: string
  tags: string[]
  /** 'user' for any signed-in user, or the roles allowed (staff routes). */
  auth?: A
}

/**
 * One part of the input (body, query or path), its field errors gathered into `fields` so a
 * request with several bad parts hears about all of them in one 400.
 */
function parsePart(schema: z.ZodType, value: unknown, fields: FieldErrors): unknown {
  try {
    return parseInput(schema, value)
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    for (const [name, messages] of Object.entries(error.fields)) {
      fields[name] = [...(fields[name] ?? []), ...messages]
    }
    return undefined
  }
}

/** The route's entry in the OpenAPI document, with every error status it can answer. */
function documentRoute<
  R extends Responses,
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  A extends Auth,
>(api: Api, spec: RouteSpec<B, Q, P, A, R>): void {
  const errors = new Set(spec.errors ?? [])
  if (spec.body || spec.query || spec.params) errors.add(400)
  if (spec.auth) errors.add(401)
  if (spec.auth && spec.auth !== 'user') errors.add(403)
  if (spec.multipart?.only) errors.add(415)
  // Every upload slot of the instance taken (http/uploads.ts).
  if (spec.multipart) errors.add(503)

  api.openapi.add({
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description !== undefined && { description: spec.description }),
    tags: spec.tags,
    secured: spec.auth !== undefined,
    ...(spec.body && { body: spec.body }),
    ...(spec.multipart && {
      bodyMediaTypes: spec.multipart.only
        ? ['multipart/form-data']
        : ['application/json', 'multipart/form-data'],
    }),
    ...(spec.query && { query: spec.query }),
    ...(spec.params && { params: spec.params }),
    responses: spec.responses,
    errors: [...errors].sort((a, b) => a - b),
  })
}

/** On the router, and (without path parameters) in the table of static paths. */
function mountRoute<
  R extends Responses,
  B extends Schema,
  Q extends Schema,
  P extends Schema,
  A extends Auth,
>(api: Api, spec: RouteSpec<B, Q, P, A, R>, stack: AppMiddleware[]): void {
  // Registered without its trailing slash: the router (non-strict) then answers both forms,
  // as the spec needs for /api/ticketing/tickets; the document keeps the spec's exact path.
  const routerPath = spec.path.length > 1 ? spec.path.replace(/\/$/, '') : spec.path
  api.router.register(routerPath, [spec.method], stack, {
    name: spec.operationId,
  })
  if (!routerPath.includes(':')) {
    const entry = { pattern: routerPath, run: chain(stack) }
    for (const path of new Set([routerPath, `${routerPath}/`])) {
      // The first route registered for a path keeps it.
      const key = `${spec.method.toUpperCase()} ${path}`
      if (!api.staticRoutes.has(key)) api.staticRoutes.set(key, entry)
    }
  }
}

/**
 * Registers a route on the router and records it in the OpenAPI document, from the same zod
 * schemas that validate its input, so the document cannot drift from what the code accepts.
 */
export function defineRoute<
  R extends Responses,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
  A extends Auth = undefined,
>(api: Api, spec: RouteSpec<B, Q, P, A, R>): void {
  documentRoute(api, spec)

  const guards: AppMiddleware[] = []
  if (spec.auth) guards.push(api.requireUser)
  if (spec.auth && spec.auth !== 'user') guards.push(requireRole(...(spec.auth as readonly Role[])))

  // Built once per route, not per request.
  const writers = new Map<number, Shaper>()
  for (const [status, declared] of Object.entries(spec.responses)) {
    if (declared.schema && !declared.binary) {
      writers.set(Number(status), responseWriter(declared.schema, api.validateResponses))
    }
  }
  const hasInput = Boolean(spec.body || spec.query || spec.params || spec.multipart)

  const handle: AppMiddleware = async (ctx) => {
    const isMultipart = Boolean(spec.multipart && ctx.request.is('multipart/form-data'))
    if (spec.multipart?.only && !isMultipart) {
      throw new ApiError(415, MULTIPART_REQUIRED, 'unsupported_media_type')
    }
    let body: unknown, query: unknown, params: unknown
    if (hasInput) {
      const fields: FieldErrors = {}
      if (spec.body || isMultipart) {
        const rawBody = isMultipart
          ? await (spec.multipart as NonNullable<typeof spec.multipart>).read(ctx)
          : (ctx.request.body ?? {})
        if (spec.body) body = parsePart(spec.body, rawBody, fields)
      }
      if (spec.query) query = parsePart(spec.query, parseQuery(ctx.querystring), fields)
      if (spec.params) {
        params = parsePart(spec.params, (ctx as unknown as { params: unknown }).params, fields)
      }
      if (Object.keys(fields).length > 0) throw new ValidationError(fields)
    }
    const input = { body, query, params, user: ctx.state.user } as RouteInput<B, Q, P, A>
    reachedHandler.add(ctx.req)
    const result = await spec.handler(ctx, input)
    const declared = spec.responses[result.status]
    if (!declared) throw new Error(`${spec.operationId} answered undeclared ${result.status}`)
    ctx.status = result.status
    if (declared.binary) ctx.body = result.body
    else {
      const write = writers.get(result.status)
      ctx.body = write ? write(result.body) : null
    }
  }

  mountRoute(api, spec, [...(spec.before ?? []), ...guards, handle])
}

/**
 * The routes of one file that share their tags and who may call them, declared by method:
 * `const staff = routeGroup(api, { tags: ['staff'], auth: STAFF })`, then
 * `staff.get('/api/staff/users/', { operationId, summary, query, responses, handler })`.
 * A route may name its own `tags`; other callers make another group.
 */
export function routeGroup<A extends Auth = undefined>(
  api: Api,
  shared: { tags: string[]; auth?: A },
) {
  const declare =
    (method: HttpMethod) =>
    <
      R extends Responses,
      B extends Schema = undefined,
      Q extends Schema = undefined,
      P extends Schema = undefined,
    >(
      path: string,
      route: RouteParts<B, Q, P, A, R> & { tags?: string[] },
    ) =>
      defineRoute<R, B, Q, P, A>(api, { ...shared, ...route, method, path })
  return {
    get: declare('get'),
    post: declare('post'),
    put: declare('put'),
    patch: declare('patch'),
    delete: declare('delete'),
  }
}

/** `responses: ok('Order', OrderOut)`: the route answers 200 with that body. */
export const ok = <S extends z.ZodType>(description: string, schema: S) => ({
  200: { description, schema },
})

/** `responses: created('Stored', DocumentOut)`: the route answers 201 with that body. */
export const created = <S extends z.ZodType>(description: string, schema: S) => ({
  201: { description, schema },
})

/**
 * `responses: { ...ok('Moved', OrderOut), ...proposed() }`: the route may also answer 202 when
 * the action waits for a second staff member's approval (ADR 039); nothing happened yet.
 */
export const proposed = () => ({
  202: {
    description: "Proposed: nothing happened yet; a second staff member's approval is awaited",
    schema: ProposalAcceptedOut,
  },
})

type ProposalBody = z.input<typeof ProposalAcceptedOut>['proposal']

/** The 202 answer of a proposed action. */
export const replyProposed = (proposal: ProposalBody) =>
  reply(202, { code: 'proposed' as const, detail: PROPOSAL_MESSAGES.proposed, proposal })

/** A four-eyes action's answer: `status` with what it did, or 202 with the proposal that waits. */
export const replyDoneOrProposed = <const S extends number, B>(
  status: S,
  outcome: { done: B } | { proposed: ProposalBody },
) => ('proposed' in outcome ? replyProposed(outcome.proposed) : reply(status, outcome.done))

/** `responses: noContent('Deleted')`: the route answers 204 without a body. */
export const noContent = (description: string) => ({ 204: { description } })

/**
 * `responses: { ...ok('Messages', List), ...notModified() }`: a conditional read. The handler
 * sets the version as `ETag` and answers 304 without a body when the caller's `If-None-Match`
 * names it (`unchanged`), so a poll that finds nothing new costs no read and no bytes.
 */
export const notModified = (description = 'Unchanged since the version in If-None-Match') => ({
  304: { description },
})

/** Whether the caller already holds `etag` (`If-None-Match`, one tag or a list, or `*`). */
export function unchanged(ctx: AppContext, etag: string): boolean {
  const held = ctx.get('If-None-Match')
  if (!held) return false
  return held
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag.replace(/^W\//, ''))
}

/** `responses: file('The image', TYPES)`: the route answers 200 with a file of one of these types. */
export const file = (description: string, mediaTypes: readonly string[]) => ({
  200: { description, binary: { mediaTypes } },
})

/**
 * Answers 200 with a file someone uploaded (declared with `file(…)`): of its detected type,
 * never sniffed as another, run or cached; with `downloadAs`, saved under that name, not shown.
 */
export function replyFile(
  ctx: AppContext,
  file: { type: string; size?: number; downloadAs?: string },
  body: Readable | Buffer,
) {
  ctx.type = file.type
  if (file.size !== undefined) ctx.length = file.size
  if (file.downloadAs !== undefined) {
    ctx.set('Content-Disposition', contentDisposition(file.downloadAs))
  }
  ctx.set('X-Content-Type-Options', 'nosniff')
  // Even if something renders it, it runs nothing and loads nothing.
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox")
  ctx.set('Cache-Control', 'private, no-store')
  return reply(200, body)
}
