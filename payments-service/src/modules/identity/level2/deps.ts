import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { Clock } from '../../../lib/clock.ts'
import type { SealedFiles } from '../../../storage/sealed.ts'
import type { ProposalGate } from '../../approvals/approvals.service.ts'
import type { IdentityUploadCaps } from './upload-caps.ts'

// What level 2's use cases are handed. Kept apart from documents.ts and review.ts, which import
// the use cases, so that the use cases can name these types without an import cycle.

/** The staff review's dependencies: the database, the time, and where the photos are sealed. */
export interface Level2Deps {
  db: Knex
  clock: Clock
  logger: Logger
  files: SealedFiles
}

/** The review: an approval is a proposal a second staff member approves (ADR 039). */
export type ReviewDeps = Level2Deps & { approvals: Pick<ProposalGate, 'propose'> }

/** The customer's uploads also count against the caps. */
export type IdentityDocumentDeps = Level2Deps & { caps: IdentityUploadCaps }
