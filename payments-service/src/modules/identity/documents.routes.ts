import { created, reply, routeGroup, type Api } from '../../http/route.ts'
import { readMultipart } from '../../http/uploads.ts'
import {
  IdentityDocumentBody,
  IdentityDocumentUploadOut,
} from '@arzpol/contracts/identity/documents'
import type { IdentityDocumentService } from './documents.ts'

/** Level 2's upload (ADR 025); `GET /api/me/identity/` shows where it stands. */
export function registerIdentityDocumentRoutes(api: Api, documents: IdentityDocumentService) {
  const customer = routeGroup(api, { tags: ['identity'], auth: 'user' })

  customer.post('/api/me/identity/documents/', {
    operationId: 'me_identity_documents_create',
    summary: 'Level 2: upload the national card photo or the selfie holding it (multipart)',
    description:
      'Fields `kind` (`national_card` | `selfie`) and `file`: JPEG, PNG or WebP recognised by their bytes (anything else 400), at most 10 MB (413 `file_too_large`). Sealed (AES-256-GCM) as it streams in, before it is stored. When both kinds are in, the request goes to staff review (`pending`). 409 `level1_required` before level 1, `under_review` while staff review, `already_verified` at level 2; a rejected customer uploads again.',
    body: IdentityDocumentBody,
    multipart: { read: (ctx) => readMultipart(ctx, documents.receivePhoto), only: true },
    responses: created('Stored', IdentityDocumentUploadOut),
    errors: [409, 413],
    handler: async (_ctx, { body, user }) =>
      reply(201, await documents.upload(user, body.kind, body.file)),
  })
}
