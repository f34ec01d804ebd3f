import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'

export type RequestDurations = Histogram<'method' | 'route' | 'status'>

/** What every service's `GET /metrics` starts from; payments-service adds its own metrics. */
export interface HttpServerMetrics {
  registry: Registry
  httpDuration: RequestDurations
}

/**
 * A service's own registry (`GET /metrics`) with its request durations: the same metric name,
 * labels and buckets in every service, so one dashboard query reads them all. `route` is a
 * pattern (payments-service's route, web's Remix route id), never a raw path, which would make
 * a series per order id. Node's process metrics only where asked (tests build many registries).
 */
export function httpServerMetrics(options: {
  routeLabel: string
  processMetrics?: boolean
}): HttpServerMetrics {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry })
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: `HTTP request durations by ${options.routeLabel} (not raw path), method and status`,
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  return { registry, httpDuration }
}
