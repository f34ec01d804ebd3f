import type { AppContext } from '../context.ts'
import { requireBearer } from '../internal-auth.ts'
import type { Metrics } from '../metrics.ts'

export const METRICS_PATH = '/metrics'
/** Database state, the same on every pod: scraped once through the Service (http/metrics.ts). */
export const CLUSTER_METRICS_PATH = '/metrics/cluster'
const isMetricsPath = (path: string) => path === METRICS_PATH || path === CLUSTER_METRICS_PATH

/** The route pattern @koa/router matched (`/api/payments/:id/`), never the raw path. */
function routeOf(ctx: AppContext): string {
  const matched = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute
  return typeof matched === 'string' ? matched : isMetricsPath(ctx.path) ? ctx.path : 'unmatched'
}

/**
 * Counts a finished request into the histogram, labelled by route pattern so ids in paths cannot
 * blow up the number of series. Called after errors are answered, so they count with their
 * final status.
 */
export function observeRequest(metrics: Metrics, ctx: AppContext, startedMs: number): void {
  metrics.httpDuration.observe(
    { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) },
    (performance.now() - startedMs) / 1000,
  )
}

/**
 * A scrape of `GET /metrics` or `GET /metrics/cluster` (answered only when METRICS_TOKEN is set:
 * see the request frame).
 */
export const isMetricsScrape = (ctx: AppContext): boolean =>
  isMetricsPath(ctx.path) && (ctx.method === 'GET' || ctx.method === 'HEAD')

/** Answers a scrape of either registry, behind `Authorization: Bearer METRICS_TOKEN`. */
export async function serveMetrics(
  ctx: AppContext,
  metrics: Metrics,
  token: string,
): Promise<void> {
  requireBearer(ctx, token, 'metrics')
  const registry = ctx.path === CLUSTER_METRICS_PATH ? metrics.clusterRegistry : metrics.registry
  ctx.set('Cache-Control', 'no-store')
  ctx.type = registry.contentType
  ctx.body = await registry.metrics()
}
