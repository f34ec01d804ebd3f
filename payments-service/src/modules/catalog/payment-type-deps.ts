import type { Knex } from 'knex'
import type { ChangeSource } from '../../changes/bus.ts'
import type { Clock } from '../../lib/clock.ts'
import type { TtlCache } from '../../lib/ttl-cache.ts'
import type { PaymentTypeCopy } from './payment-type-copy.ts'

// What the payment type store's use cases are handed. Kept apart from payment-type-store.ts,
// which imports them, so that they can name these types without an import cycle.

export interface PaymentTypeStoreDeps {
  db: Knex
  clock: Clock
  ttlSeconds: number
  /** The change bus: other pods' changes drop this copy. */
  changes?: ChangeSource
}

/** The store's deps, with the in-memory copy built once by `createPaymentTypeStore`. */
export type PaymentTypeContext = PaymentTypeStoreDeps & { types: TtlCache<PaymentTypeCopy> }
