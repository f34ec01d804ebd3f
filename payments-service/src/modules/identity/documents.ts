import type { IdentityDocumentKind } from '@arzpol/contracts/identity/documents'
import type { ReceivedFile } from '@arzpol/contracts/uploads'
import type { User } from '../../models/user.model.ts'
import type { IdentityDocumentDeps } from './level2/deps.ts'
import { level2Of } from './level2/status.ts'
import { photoReceiver, SealedPhoto } from './level2/receive-photo.ts'
import { uploadDocument } from './level2/upload-document.ts'

export { currentDocuments, documentBody } from './level2/document-rows.ts'
export { identityDocumentFilesFromConfig } from './level2/document-files.ts'
export type { IdentityDocumentDeps } from './level2/deps.ts'
export type { IdentityUploadCaps } from './level2/upload-caps.ts'

/**
 * Level 2, the customer's side (ADR 025): the national card photo and a selfie holding
 * it, sealed before they reach the object store. A request collects documents until both kinds
 * are in, then waits for staff (`pending`); a rejected customer starts a new request.
 */
export function createIdentityDocumentService(deps: IdentityDocumentDeps) {
  return {
    /** The route's multipart reader takes photos through this: sealed as they stream in. */
    receivePhoto: photoReceiver(deps),
    upload: (user: User, kind: IdentityDocumentKind, file: ReceivedFile) => {
      if (!(file instanceof SealedPhoto))
        throw new Error('upload: photos come through receivePhoto')
      return uploadDocument(deps, user, kind, file)
    },
    level2: (userId: number) => level2Of(deps.db, userId),
  }
}

export type IdentityDocumentService = ReturnType<typeof createIdentityDocumentService>
