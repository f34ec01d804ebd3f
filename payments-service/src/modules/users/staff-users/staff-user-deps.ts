import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../../lib/clock.ts'
import type { ProposalGate } from '../../approvals/approvals.service.ts'
import type { EnrolmentLinkSettings } from '../../auth/enrolment-links.ts'

// Kept apart from staff-users.service.ts, which imports the use cases, so that they can name
// this type without an import cycle.

export interface StaffUserDeps {
  db: Knex
  clock: Clock
  logger: Logger
  enrolmentLinks: EnrolmentLinkSettings
  /** Four eyes: a role change is a proposal a second admin approves. */
  approvals: Pick<ProposalGate, 'propose'>
}
