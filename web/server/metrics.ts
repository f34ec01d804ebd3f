import { httpServerMetrics, type RequestDurations } from '@arzpol/service-edge'
import type { Registry } from 'prom-client'

/** Prometheus metrics of one web instance (`GET /metrics`, ADR 007). */
export interface WebMetrics {
  registry: Registry
  httpDuration: RequestDurations
}

export function createWebMetrics(options: { processMetrics?: boolean } = {}): WebMetrics {
  return httpServerMetrics({ routeLabel: 'Remix route id', ...options })
}
