import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../../lib/clock.ts'
import type { ProposalGate } from '../../approvals/approvals.service.ts'
import type { SmsOutbox } from '../../auth/sms/outbox.ts'
import type { PaymentGateway } from '../../gateways/gateway.ts'
import type { Ownership } from '../../identity/ownership.ts'
import type { CredentialVault } from '../../../lib/credential-vault.ts'
import type { Settlement } from '../settlement/settlement.ts'

export interface StaffOrderDeps {
  db: Knex
  clock: Clock
  logger: Logger
  vault: CredentialVault
  gateway: PaymentGateway
  sms: SmsOutbox
  /** Whose Sheba: a cash-out is settled only to its customer's own account. */
  ownership: Ownership
  /** Four eyes: settling a large cash-out or manual refund is a proposal first. */
  approvals: ProposalGate
}

/** The staff use cases' dependencies, with the settlement (refunds) built once from them. */
export type StaffOrderContext = StaffOrderDeps & { settlement: Settlement }
