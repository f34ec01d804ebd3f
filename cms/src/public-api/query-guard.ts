import type { Core } from '@strapi/strapi'
import type { z } from 'zod'

import {
  DOCUMENT_ID_PATTERN,
  querySchema,
  queryRuleFor,
  refusalMessage,
  type QueryRule,
} from './query-rules'

/**
 * The public API's boundary (ADR 036): every route of the content API (our `api::` routers, the
 * core ones and the custom comment route alike) gets this middleware first, keyed by its handler,
 * so a route added tomorrow is guarded the day it lands: without a rule it accepts no query.
 * It runs inside Strapi's router (after the permission check, before any route middleware or
 * controller), so it sees exactly the routes Strapi matched, whatever the path's case or
 * trailing slash.
 *
 * A refusal is a 400 in Strapi's error shape (`{ data: null, error: { status, name, message,
 * details } }`, what web and the comment client already read) with a Persian message naming the
 * parameter and what the route accepts.
 */

interface GuardContext {
  query: unknown
  params?: Record<string, unknown>
  status: number
  body: unknown
}

interface Refusal {
  path: string[]
  message: string
}

function refuse(ctx: GuardContext, status: 400 | 404, errors: Refusal[]) {
  const first = errors[0]?.message ?? 'درخواست نامعتبر است.'
  const name = status === 400 ? 'ValidationError' : 'NotFoundError'
  ctx.status = status
  ctx.body = {
    data: null,
    error: {
      status,
      name,
      message: first,
      details: { errors: errors.map((error) => ({ ...error, name })) },
    },
  }
}

/** Why a query is refused: one entry per offending top-level parameter. */
function refusals(rule: QueryRule, issues: readonly z.core.$ZodIssue[]): Refusal[] {
  const names = new Set<string>()
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
      for (const key of issue.keys) names.add(key)
    } else {
      names.add(String(issue.path[0] ?? ''))
    }
  }
  return [...names].map((name) => ({ path: [name], message: refusalMessage(rule, name) }))
}

/** The route middleware for one handler. */
export function queryGuard(handler: string): Core.MiddlewareHandler {
  const rule = queryRuleFor(handler)
  const schema = querySchema(rule)
  return async (ctx, next) => {
    const context = ctx as unknown as GuardContext
    let query: unknown
    try {
      query = context.query
    } catch {
      // qs gave up on the query string: nothing in it can be trusted.
      return refuse(context, 400, [{ path: [], message: 'نشانی درخواست خوانا نیست.' }])
    }
    const parsed = schema.safeParse(query ?? {})
    if (!parsed.success) return refuse(context, 400, refusals(rule, parsed.error.issues))
    const id = context.params?.id
    if (id !== undefined && !(typeof id === 'string' && DOCUMENT_ID_PATTERN.test(id))) {
      return refuse(context, 404, [{ path: ['id'], message: 'چنین محتوایی پیدا نشد.' }])
    }
    await next()
  }
}

interface RouteInput {
  handler?: unknown
  config?: { middlewares?: unknown[] } & Record<string, unknown>
}

interface RouterInput {
  routes?: RouteInput[]
}

/**
 * Puts the guard first on every route of every API (call from `register`, before Strapi builds
 * its router). Routers may share one config object between routes (populatedRouter does), so
 * each route gets a config of its own.
 */
export function guardContentApiRoutes(strapi: Core.Strapi): string[] {
  const guarded: string[] = []
  for (const api of Object.values(strapi.apis) as { routes?: Record<string, unknown> }[]) {
    for (const [name, input] of Object.entries(api.routes ?? {})) {
      // A router written as a function is instantiated here, as Strapi would do later, so that
      // its routes are guarded too.
      const router =
        typeof input === 'function' ? (input as (deps: object) => unknown)({ strapi }) : input
      if (router !== input && api.routes) api.routes[name] = router
      if (typeof router !== 'object' || router === null) continue
      for (const route of (router as RouterInput).routes ?? []) {
        if (typeof route.handler !== 'string') continue
        route.config = {
          ...route.config,
          middlewares: [queryGuard(route.handler), ...(route.config?.middlewares ?? [])],
        }
        guarded.push(route.handler)
      }
    }
  }
  return guarded
}
