import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../lib/clock.ts'
import type { PaymentGateway } from '../gateways/gateway.ts'
import type { PaymentTypeStore } from '../catalog/payment-type-store.ts'
import type { QuoteSigner } from '../catalog/quote-token.ts'
import type { RateService } from '../catalog/rates.service.ts'
import type { Ownership } from '../identity/ownership.ts'
import type { CredentialVault } from '../../lib/credential-vault.ts'
import type { IdempotencyStore } from './checkout/idempotency.ts'
import type { AskForRefundAccount, TellMoneyBack } from './settlement/money-back-notice.ts'
import type { Settlement } from './settlement/settlement.ts'

export interface OrdersServiceDeps {
  db: Knex
  clock: Clock
  logger: Logger
  rates: RateService
  /** Fees and limits as admins set them. */
  paymentTypes: PaymentTypeStore
  vault: CredentialVault
  gateway: PaymentGateway
  rateLockMinutes: number
  /** RATE_MAX_AGE_MINUTES: no order on an older rate (503 `rate_stale`); undefined: no limit. */
  rateMaxAgeMinutes?: number | undefined
  /** Checks the `quote_token` a create may carry (ADR 013). */
  quoteSigner: QuoteSigner
  /** Absolute URL the bank sends the browser back to. */
  callbackUrl: string
  /** How long a repeated callback waits for the verify a first copy started. */
  callbackWaitMs?: number
  /** Tells the customer, inside the return's transaction, that money is coming back. */
  onMoneyBack?: TellMoneyBack
  /** Asks the customer, inside that transaction, for an account when money goes back by transfer. */
  onTransferNeeded?: AskForRefundAccount
  /** Whose Sheba (ADR 024): a cash-out's Sheba must be the customer's own. */
  ownership: Ownership
}

/**
 * What the customer's use cases run on: the service's deps, plus the idempotency store and
 * the settlement, each built once by `createOrdersService`.
 */
export type OrderDeps = OrdersServiceDeps & {
  keys: IdempotencyStore
  settlement: Settlement
}

/** The Idempotency-Key a request carries and the hash of its body. */
export type IdempotencyRequest = { key: string; hash: string }
