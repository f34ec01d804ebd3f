import type { Knex } from 'knex'
import type { MetricSources } from './http/metrics.ts'
import { BackgroundJob } from './models/background-job.ts'
import { orderGaugesOf } from './modules/orders/order-gauges.ts'

/** Where the cluster gauges read their state: the orders, and the job engine's table. */
export const metricSourcesOf = (db: Knex): MetricSources => ({
  businessState: () => orderGaugesOf(db),
  jobsByQueue: () => BackgroundJob.countByQueue(db),
})
