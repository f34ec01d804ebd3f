import { describe, expect, it } from 'vitest'
import { httpServerMetrics } from './http-metrics.ts'

describe('httpServerMetrics', () => {
  it('times requests by method, route pattern and status in a registry of its own', async () => {
    const first = httpServerMetrics({ routeLabel: 'Remix route id' })
    const second = httpServerMetrics({ routeLabel: 'route pattern' })
    first.httpDuration.observe({ method: 'GET', route: 'routes/blog.$id', status: '200' }, 0.03)

    const text = await first.registry.metrics()
    expect(text).toContain('HTTP request durations by Remix route id (not raw path)')
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.05",method="GET",route="routes/blog.$id",status="200"} 1',
    )
    expect(await second.registry.metrics()).not.toContain('routes/blog.$id')
  })

  it("adds Node's process metrics only when asked", async () => {
    const bare = await httpServerMetrics({ routeLabel: 'x' }).registry.metrics()
    const full = await httpServerMetrics({
      routeLabel: 'x',
      processMetrics: true,
    }).registry.metrics()
    expect(bare).not.toContain('process_cpu_seconds_total')
    expect(full).toContain('process_cpu_seconds_total')
  })
})
