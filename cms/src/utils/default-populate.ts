import type { Core } from '@strapi/strapi'

/**
 * Route middleware: a fixed populate for the route unless the caller asked for one, so web gets
 * whole pages (components and their nested lists) without building populate queries itself.
 */
export function defaultPopulate(populate: Record<string, unknown>): Core.MiddlewareHandler {
  return async (ctx, next) => {
    const query = (ctx.query ?? {}) as Record<string, unknown>
    if (query.populate === undefined) ctx.query = { ...query, populate }
    await next()
  }
}
