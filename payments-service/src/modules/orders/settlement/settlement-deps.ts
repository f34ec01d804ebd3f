import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../../lib/clock.ts'
import type { PaymentGateway } from '../../gateways/gateway.ts'
import type { AskForRefundAccount, TellMoneyBack } from './money-back-notice.ts'

// What every settlement step is handed. Kept apart from settlement.ts, which imports the steps,
// so that the steps can name these types without an import cycle.

export type CallbackOutcome = 'success' | 'failed' | 'pending'
/** Who brought the bank's word: its callback, or our reconciliation job asking for a receipt. */
export type SettleSource = 'callback' | 'reconciliation'

export interface SettlementDeps {
  db: Knex
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  /** How long a duplicate callback waits for the verify another one started. */
  waitForVerifyMs?: number
  /**
   * Told after each step commits or each bank answer arrives; the model-based test throws
   * from it to crash the settlement between two steps.
   */
  onStep?: (step: SettlementStep) => void
  /** Told, inside its transaction, of a return of an order's money (the customer's SMS). */
  onMoneyBack?: TellMoneyBack
  /** Told, inside its transaction, that the order's money must go back by transfer. */
  onTransferNeeded?: AskForRefundAccount
}

export type SettlementStep = 'recorded' | 'verified' | 'booked' | 'return_requested' | 'reversed'
