import type { Knex } from 'knex'
import type { ChangeSource } from '../../changes/bus.ts'
import type { ProposalGate } from '../approvals/approvals.service.ts'
import type { Clock } from '../../lib/clock.ts'
import type { TtlCache } from '../../lib/ttl-cache.ts'
import type { RateCopy } from './current-rates.ts'

// What the rate service's use cases are handed. Kept apart from rates.service.ts, which imports
// them, so that they can name these types without an import cycle.

export interface RateServiceDeps {
  db: Knex
  clock: Clock
  ttlSeconds: number
  /** The change bus: other pods' changes drop this copy. */
  changes?: ChangeSource
  /** Four eyes: a change beyond the safety limit is a proposal a second admin approves. */
  approvals?: Pick<ProposalGate, 'propose'>
}

/** The service's deps, with the in-memory copy built once by `createRateService`. */
export type RateContext = RateServiceDeps & { rates: TtlCache<RateCopy> }
