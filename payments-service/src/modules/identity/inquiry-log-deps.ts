import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../lib/clock.ts'
import type { InquiryCaps, InquiryCharges } from './inquiry-caps.ts'
import type { IdentityInquiry } from './inquiry.ts'

// What the inquiry log's steps are handed. Kept apart from inquiries.ts, which imports the
// steps, so that they can name these types without an import cycle.

/** sent: paid for; reused: answered from the record; refused: over a daily cap. */
export type InquiryOutcome = 'sent' | 'reused' | 'refused'

/** Where inquiries are counted (the Prometheus counters of http/metrics.ts). */
export interface InquiryCounters {
  inquiries: { inc(labels: { kind: string; outcome: InquiryOutcome }): void }
  inquiryCostIrr: { inc(labels: { kind: string }, value: number): void }
}

export interface InquiryLogDeps {
  db: Knex
  clock: Clock
  logger: Logger
  provider: IdentityInquiry
  hashKey: Buffer
  reuseDays: number
  caps: InquiryCaps
  /** IDENTITY_INQUIRY_PRICE_IRR: what one question sent costs, for the cost counter. */
  priceIrr: number
  metrics?: InquiryCounters
}

/** The log's deps, with the daily caps' charges built once by `createInquiryLog`. */
export type InquiryLogContext = InquiryLogDeps & { charges: InquiryCharges }
