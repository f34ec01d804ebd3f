import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../lib/clock.ts'
import type { SealedFiles } from '../../storage/sealed.ts'
import type { ProposalGate } from '../approvals/approvals.service.ts'
import type { InquiryLog } from './inquiries.ts'
import type { IdentityUploadCaps } from './level2/upload-caps.ts'

// What the identity service's use cases are handed. Kept apart from identity.service.ts, which
// imports the use cases, so that they can name this type without an import cycle.

export interface IdentityServiceDeps {
  db: Knex
  clock: Clock
  logger: Logger
  inquiries: InquiryLog
  /** Where level 2's documents are sealed and kept (ADR 025). */
  documentFiles: SealedFiles
  /** Told once a customer reached level 1 (their waiting cash-outs are looked at again). */
  onLevel1?: (userId: number) => Promise<void>
  /** IDENTITY_CARD_LIMIT_PER_CUSTOMER: cards a customer may have registered at once. */
  maxCards: number
  /** IDENTITY_UPLOADS_PER_HOUR and IDENTITY_UPLOADS_PER_REQUEST. */
  uploadCaps: IdentityUploadCaps
  /** Four eyes: a level-2 approval is a proposal a second staff member approves. */
  approvals: Pick<ProposalGate, 'propose'>
}
