import { z } from 'zod'
import { MAX_ATTACHMENT_BYTES, ReceivedFile } from '../uploads.ts'
import { IdentityStatusOut } from './customer.ts'
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_DOCUMENT_MESSAGES,
  IDENTITY_DOCUMENT_TYPES,
  isIdentityDocumentType,
  LEVEL2_STATUSES,
} from './document-kinds.ts'

export * from './document-kinds.ts'

/**
 * The customer's side of level 2 (ADR 025): two photos (the national ID card, and the
 * customer holding it) that staff review. Images only: a review looks at faces and card
 * details, which a PDF adds nothing to.
 */

export const identityDocumentFile = z
  .custom<ReceivedFile>((value) => value instanceof ReceivedFile, {
    error: IDENTITY_DOCUMENT_MESSAGES.fileRequired,
  })
  .superRefine((file, ctx) => {
    if (file.size === 0)
      ctx.addIssue({ code: 'custom', message: IDENTITY_DOCUMENT_MESSAGES.fileEmpty })
    else if (!isIdentityDocumentType(file.type))
      ctx.addIssue({ code: 'custom', message: IDENTITY_DOCUMENT_MESSAGES.fileType })
  })
  .meta({
    description: `JPEG, PNG or WebP, at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB; the type is read from the bytes, never the name or the client's MIME type`,
    type: 'string',
    format: 'binary',
    // JSON Schema's media type of the content: tells clients (and the generated fuzz) images only.
    contentMediaType: 'image/*',
  })

/** `POST /api/me/identity/documents/` (multipart). */
export const IdentityDocumentBody = z.object({
  kind: z.enum(IDENTITY_DOCUMENT_KINDS, { error: IDENTITY_DOCUMENT_MESSAGES.kindRequired }),
  file: identityDocumentFile,
})

/** One document as its owner sees it (no file name: the customer's name for it is not kept). */
export const IdentityDocumentOut = z.object({
  id: z.number().int(),
  kind: z.enum(IDENTITY_DOCUMENT_KINDS),
  content_type: z.enum(IDENTITY_DOCUMENT_TYPES),
  size_bytes: z.number().int(),
  created_at: z.date(),
})

export const Level2Out = z.object({
  status: z.enum(LEVEL2_STATUSES),
  /** The staff member's reason, shown to the customer, when `rejected`. */
  reason: z.string().nullable(),
  decided_at: z.date().nullable(),
  /** The documents of the request being assembled or reviewed (latest of each kind). */
  documents: z.array(IdentityDocumentOut),
  /** Kinds still to upload before the request goes to review. */
  missing: z.array(z.enum(IDENTITY_DOCUMENT_KINDS)),
  /** Whether an upload is accepted now (level 1 reached, nothing under review, not level 2). */
  can_upload: z.boolean(),
})

/** `GET /api/me/identity/` with the level-2 request. */
export const IdentityStatusWithLevel2Out = IdentityStatusOut.extend({ level2: Level2Out })

/** The 201 of an upload: the document and where the request now stands. */
export const IdentityDocumentUploadOut = z.object({
  document: IdentityDocumentOut,
  level2: Level2Out,
})
