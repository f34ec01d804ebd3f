import type { Knex } from 'knex'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { GatewayTransaction } from '../models/gateway-transaction.model.ts'
import { Payment } from '../models/payment.model.ts'
import { STAGES } from '../modules/orders/state-machine.ts'
import { moneyToReturnTotals } from '../modules/orders/fulfilment/money-to-return.ts'
import type { SmsProvider } from '../modules/auth/sms/sms-provider.ts'

/**
 * Prometheus metrics of one payments-service instance (served at `/metrics`, see
 * middlewares/metrics.ts and docs/decisions on how it is protected).
 *
 * Request durations and SMS sends are counted by this process. Orders by stage and gateway
 * outcomes are read from the database when Prometheus scrapes: they are business state shared
 * by every instance (query them with `max()`, not `sum()`), and they stay right across restarts
 * and deploys, which counters kept in memory would not.
 */
export interface Metrics {
  registry: Registry
  httpDuration: Histogram<'method' | 'route' | 'status'>
  sms: Counter<'kind' | 'result'>
  /** Identity inquiries by kind and outcome: sent (paid), reused (free), refused (a daily cap). */
  inquiries: Counter<'kind' | 'outcome'>
  /** Rials the inquiries sent cost, at IDENTITY_INQUIRY_PRICE_IRR each. */
  inquiryCostIrr: Counter<'kind'>
}

// A database that hangs must not hang the scrape: the business gauges are skipped instead.
const DB_COLLECT_TIMEOUT_MS = 2_000

const GATEWAY_OUTCOMES = ['verified', 'failed', 'reversed'] as const

export function createMetrics(db: Knex, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry })

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations by route pattern (not raw path), method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })

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

  /** A gauge of business state, read from the database when Prometheus scrapes (collectOnce). */
  const stateGauge = <L extends string = never>(config: {
    name: string
    help: string
    labelNames?: readonly L[]
  }) => new Gauge<L>({ ...config, registers: [registry], collect: collectOnce })

  const databaseUp = stateGauge({
    name: 'arzpol_metrics_database_up',
    help: '1 when the business gauges below could be read from the database at this scrape',
  })

  const payments = stateGauge({
    name: 'arzpol_payments',
    help: 'Orders by stage (database state, the same on every instance)',
    labelNames: ['stage'] as const,
  })

  const gatewayOutcomes = stateGauge({
    name: 'arzpol_gateway_verify_outcomes',
    help: 'Bank attempts by gateway, outcome (verified, failed, reversed) and failure reason (database state)',
    labelNames: ['gateway', 'outcome', 'reason'] as const,
  })

  // Money to return (issue #15): captured rials not on a paid order, and how long the oldest
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
      const [stages, outcomes, toReturn] = await withTimeout(
        Promise.all([
          Payment.countEachStage(db),
          GatewayTransaction.countOutcomes(db, GATEWAY_OUTCOMES),
          moneyToReturnTotals(db),
        ]),
        DB_COLLECT_TIMEOUT_MS,
      )
      payments.reset()
      for (const stage of STAGES) payments.set({ stage }, 0)
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

  return { registry, httpDuration, sms, inquiries, inquiryCostIrr }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics query timed out')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Counts every SMS the provider accepted or refused (the outbox logs the failures). */
export function countingSmsProvider(provider: SmsProvider, metrics: Metrics): SmsProvider {
  const counted =
    <A>(kind: string, send: (message: A) => Promise<void>) =>
    async (message: A) => {
      try {
        await send(message)
        metrics.sms.inc({ kind, result: 'sent' })
      } catch (error) {
        metrics.sms.inc({ kind, result: 'failed' })
        throw error
      }
    }
  const orderStatus = provider.sendOrderStatus?.bind(provider)
  const otpLocked = provider.sendOtpLocked?.bind(provider)
  const moneyBack = provider.sendMoneyBack?.bind(provider)
  return {
    name: provider.name,
    sendOtp: counted('otp', (message) => provider.sendOtp(message)),
    sendTicketReply: counted('ticket_reply', (message) => provider.sendTicketReply(message)),
    ...(orderStatus && { sendOrderStatus: counted('order_status', orderStatus) }),
    ...(otpLocked && { sendOtpLocked: counted('otp_locked', otpLocked) }),
    ...(moneyBack && { sendMoneyBack: counted('money_back', moneyBack) }),
  }
}
