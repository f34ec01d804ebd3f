import { httpServerMetrics, type HttpServerMetrics } from '@arzpol/service-edge'
import { Counter, Gauge, Registry } from 'prom-client'

/**
 * Prometheus metrics of payments-service, in two registries (both behind METRICS_TOKEN, see
 * middlewares/metrics.ts):
 * - `registry` (`GET /metrics`, scraped on every pod): what this process counted itself —
 *   request durations, SMS sends, inquiries — so `sum()` over pods is the service's total;
 * - `clusterRegistry` (`GET /metrics/cluster`, scraped once through the Service, any pod
 *   answers): business state read from the database at the scrape — orders by stage, gateway
 *   outcomes, money to return. It is the same whichever pod answers, so exporting it from
 *   every pod made a dashboard that sums pods multiply it by the replica count (infra/README.md,
 *   Metrics). It stays right across restarts and deploys, which counters kept in memory would
 *   not.
 */
export interface Metrics extends HttpServerMetrics {
  /** Gauges read from the database: one scrape target for the whole service. */
  clusterRegistry: Registry
  sms: Counter<'kind' | 'result'>
  /** Identity inquiries by kind and outcome: sent (paid), reused (free), refused (a daily cap). */
  inquiries: Counter<'kind' | 'outcome'>
  /** Rials the inquiries sent cost, at IDENTITY_INQUIRY_PRICE_IRR each. */
  inquiryCostIrr: Counter<'kind'>
  /** Background job runs by queue and outcome (completed, retried, failed: no try left). */
  jobs: Counter<'queue' | 'outcome'>
  /** Bank attempts reconciliation closed without an answer: still pending, or unanswered. */
  reconcileGaveUp: Counter<'reason'>
}

/**
 * What the cluster gauges show, read from the database at a scrape. Composition hands in the
 * readers (the order module knows its stages and money to return; the job engine its table),
 * so HTTP's metrics know no domain.
 */
export interface BusinessState {
  /** Every stage, those without an order at 0. */
  stages: Array<{ stage: string; count: number }>
  /** Bank attempts that ended verified, failed or reversed, by gateway and failure reason. */
  outcomes: Array<{ gateway: string; status: string; failure: string | null; count: number }>
  toReturn: { amountIrr: number; oldestSeconds: number }
}

export interface MetricSources {
  businessState(): Promise<BusinessState>
  jobsByQueue(): Promise<Array<{ queue: string; waiting: number; active: number; failed: number }>>
}

// A database that hangs must not hang the scrape: the business gauges are skipped instead.
const DB_COLLECT_TIMEOUT_MS = 2_000

export function createMetrics(
  sources: MetricSources,
  options: { processMetrics?: boolean } = {},
): Metrics {
  const { registry, httpDuration } = httpServerMetrics({ routeLabel: 'route pattern', ...options })
  const clusterRegistry = new Registry()
  clusterGauges(clusterRegistry, sources)
  jobGauge(clusterRegistry, sources)
  return { registry, clusterRegistry, httpDuration, ...processCounters(registry) }
}

/** What this process counts itself; `sum()` over pods is the service's total. */
function processCounters(registry: Registry) {
  const sms = new Counter({
    name: 'arzpol_sms_total',
    help: 'SMS handed to the provider by this instance, by kind (otp, ticket_reply) and result',
    labelNames: ['kind', 'result'] as const,
    registers: [registry],
  })

  // Identity inquiries (ADR 030) are counted by the process that asks, like SMS: sum() them.
  const inquiries = new Counter({
    name: 'arzpol_identity_inquiries_total',
    help: 'Identity inquiries by kind and outcome: sent to the provider (paid), reused from the record (free), refused by a daily cap',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  })

  const inquiryCostIrr = new Counter({
    name: 'arzpol_identity_inquiry_cost_irr_total',
    help: 'Rials the identity inquiries sent to the provider cost, by kind (IDENTITY_INQUIRY_PRICE_IRR each)',
    labelNames: ['kind'] as const,
    registers: [registry],
  })

  // Background jobs (ADR 032) are counted by the instance that ran them: sum() them.
  const jobs = new Counter({
    name: 'arzpol_jobs_total',
    help: 'Background job runs by queue and outcome: completed, retried (failed, tries left), failed (no try left)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  })
  const reconcileGaveUp = new Counter({
    name: 'arzpol_reconcile_gave_up_total',
    help: 'Bank attempts reconciliation closed without a final answer: pending_timeout (the bank still said pending past RECONCILE_GIVE_UP_MINUTES), unanswered (unreachable for a day)',
    labelNames: ['reason'] as const,
    registers: [registry],
  })
  return { sms, inquiries, inquiryCostIrr, jobs, reconcileGaveUp }
}

/**
 * The cluster registry's gauges: business state read from the database at the scrape, the
 * same whichever pod answers.
 */
function clusterGauges(clusterRegistry: Registry, sources: MetricSources): void {
  /** A gauge of business state, read from the database when Prometheus scrapes (collectOnce). */
  const stateGauge = <L extends string = never>(config: {
    name: string
    help: string
    labelNames?: readonly L[]
  }) => new Gauge<L>({ ...config, registers: [clusterRegistry], collect: collectOnce })

  const databaseUp = stateGauge({
    name: 'arzpol_metrics_database_up',
    help: '1 when the business gauges below could be read from the database at this scrape',
  })

  const payments = stateGauge({
    name: 'arzpol_payments',
    help: 'Orders by stage (database state)',
    labelNames: ['stage'] as const,
  })

  const gatewayOutcomes = stateGauge({
    name: 'arzpol_gateway_verify_outcomes',
    help: 'Bank attempts by gateway, outcome (verified, failed, reversed) and failure reason (database state)',
    labelNames: ['gateway', 'outcome', 'reason'] as const,
  })

  // Money to return: captured rials not on a paid order, and how long the oldest
  // has waited; infra/prometheus/alerts.yaml pages when it passes an hour.
  const moneyToReturn = stateGauge({
    name: 'arzpol_money_to_return_irr',
    help: 'Rials captured from the bank and not on a paid order: in suspense or on their way back (database state)',
  })
  const moneyToReturnOldest = stateGauge({
    name: 'arzpol_money_to_return_oldest_seconds',
    help: 'Age in seconds of the oldest item on money to return (0 when there is none)',
  })

  // One collector fills all three gauges, so a scrape costs two small GROUP BY queries
  // (prom-client asks every metric at once; they share the round in flight).
  let collecting: Promise<void> | undefined
  function collectOnce(): Promise<void> {
    collecting ??= collectBusiness().finally(() => (collecting = undefined))
    return collecting
  }
  async function collectBusiness(): Promise<void> {
    try {
      const { stages, outcomes, toReturn } = await withTimeout(
        sources.businessState(),
        DB_COLLECT_TIMEOUT_MS,
      )
      payments.reset()
      for (const row of stages) payments.set({ stage: row.stage }, row.count)
      gatewayOutcomes.reset()
      for (const row of outcomes) {
        gatewayOutcomes.set(
          {
            gateway: row.gateway,
            outcome: row.status,
            reason: row.failure ?? '',
          },
          row.count,
        )
      }
      moneyToReturn.set(toReturn.amountIrr)
      moneyToReturnOldest.set(toReturn.oldestSeconds)
      databaseUp.set(1)
    } catch {
      payments.reset()
      gatewayOutcomes.reset()
      moneyToReturn.reset()
      moneyToReturnOldest.reset()
      databaseUp.set(0)
    }
  }
}

/** The engine's jobs by queue and state. */
function jobGauge(clusterRegistry: Registry, sources: MetricSources): void {
  // Background jobs by queue and state, from the engine's table (ADR 032): `failed` are jobs
  // that gave up (every try failed), kept two weeks; `npm run jobs:failed` lists them.
  new Gauge({
    name: 'arzpol_jobs',
    help: 'Background jobs by queue and state: waiting (due or retrying later), active (claimed by a worker), failed (gave up; npm run jobs:failed) (database state)',
    labelNames: ['queue', 'state'] as const,
    registers: [clusterRegistry],
    async collect() {
      try {
        const rows = await withTimeout(sources.jobsByQueue(), DB_COLLECT_TIMEOUT_MS)
        this.reset()
        for (const row of rows) {
          this.set({ queue: row.queue, state: 'waiting' }, row.waiting)
          this.set({ queue: row.queue, state: 'active' }, row.active)
          this.set({ queue: row.queue, state: 'failed' }, row.failed)
        }
      } catch {
        this.reset()
      }
    },
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics query timed out')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
