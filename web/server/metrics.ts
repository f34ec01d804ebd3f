import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/** Prometheus metrics of one web instance (`GET /metrics`, ADR 007). */
export interface WebMetrics {
  registry: Registry
  httpDuration: Histogram<'method' | 'route' | 'status'>
}

export function createWebMetrics(options: { processMetrics?: boolean } = {}): WebMetrics {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry })
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations by Remix route id (not raw path), method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  return { registry, httpDuration }
}
