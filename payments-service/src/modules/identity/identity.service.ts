import { createCardService } from './cards.ts'
import { createIdentityDocumentService } from './documents.ts'
import { createIdentityHistoryService } from './history.ts'
import type { IdentityServiceDeps } from './identity-deps.ts'
import { identityStatus } from './identity-status.ts'
import { createOwnership } from './ownership.ts'
import { createIdentityReviewService } from './review.ts'
import { verifyLevel1 } from './verify-level1.ts'

export type { IdentityServiceDeps } from './identity-deps.ts'

/** A customer's identity (ADR 022): their level, level 1 by inquiry, and what they may spend. */
export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, clock } = deps
  const documents = createIdentityDocumentService({
    ...deps,
    files: deps.documentFiles,
    caps: deps.uploadCaps,
  })

  // Cards and Sheba owners (ADR 024) ask the same provider through the same record.
  const ownership = createOwnership(deps.inquiries)
  const cards = createCardService({ db, clock, ownership, maxCards: deps.maxCards })

  // Level 2 (ADR 025): the customer's documents, the staff review, what staff read.
  const reviews = createIdentityReviewService({ ...deps, files: deps.documentFiles })
  const history = createIdentityHistoryService({ db })

  return {
    status: identityStatus.bind(null, deps),
    verifyLevel1: verifyLevel1.bind(null, deps),
    ownership,
    cards,
    documents,
    reviews,
    history,
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>
