import { httpServerMetrics, type HttpServerMetrics } from '@arzpol/service-edge'

/** Prometheus metrics of one web instance (`GET /metrics`, ADR 007). */
export type WebMetrics = HttpServerMetrics

export function createWebMetrics(options: { processMetrics?: boolean } = {}): WebMetrics {
  return httpServerMetrics({ routeLabel: 'Remix route id', ...options })
}
