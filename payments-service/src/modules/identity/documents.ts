import { randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import type { AppConfig } from '../../config/env.ts'
import { parsePreviousKeys } from '../../config/env.ts'
import { ApiError } from '../../http/errors.ts'
import { saveOrDiscardFile } from '../../http/stored-files.ts'
import type { Clock } from '../../lib/clock.ts'
import { IdentityDocument, type IdentityDocumentRow } from '../../models/identity-document.model.ts'
import { IdentityReview, IdentityReviewAudit } from '../../models/identity-review.model.ts'
import type { User } from '../../models/user.model.ts'
import type { FileStorage } from '../../storage/index.ts'
import { createSealedFiles, type SealedFiles } from '../../storage/sealed.ts'
import { type UploadedFile } from '@arzpol/contracts/uploads'
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_DOCUMENT_MESSAGES as MESSAGES,
  isIdentityDocumentType,
  type IdentityDocumentKind,
  type Level2Status,
} from '@arzpol/contracts/identity/documents'
import { levelOf, lockCustomer } from './limits.ts'

/**
 * Level 2, the customer's side (issue 18, ADR 025): the national card photo and a selfie holding
 * it, sealed before they reach the object store. A request collects documents until both kinds
 * are in, then waits for staff (`pending`); a rejected customer starts a new request.
 */

export const documentBody = (row: IdentityDocumentRow) => ({
  id: row.id,
  kind: row.kind,
  content_type: row.content_type,
  size_bytes: row.size_bytes,
  created_at: row.created_at,
})

/** The newest document of each kind: a re-upload while collecting replaces the earlier photo. */
export async function currentDocuments(
  runner: Knex | Knex.Transaction,
  reviewId: number,
): Promise<IdentityDocumentRow[]> {
  const rows = await IdentityDocument.rowsWhere(runner, { review_id: reviewId }, 'desc')
  return IDENTITY_DOCUMENT_KINDS.flatMap((kind) => rows.find((row) => row.kind === kind) ?? [])
}

/**
 * The identity documents' sealing keys: the credential keys (current and previous, by id) with
 * this purpose. Without CREDENTIALS_ENCRYPTION_KEY (development and tests; production refuses
 * to start, env.ts) the material comes from the JWT key, so documents survive a restart.
 */
export function identityDocumentFilesFromConfig(
  config: Pick<
    AppConfig,
    | 'CREDENTIALS_ENCRYPTION_KEY'
    | 'CREDENTIALS_KEY_ID'
    | 'CREDENTIALS_PREVIOUS_KEYS'
    | 'JWT_PRIVATE_KEY'
  >,
  storage: FileStorage,
): SealedFiles {
  const keys = new Map(
    config.CREDENTIALS_PREVIOUS_KEYS ? parsePreviousKeys(config.CREDENTIALS_PREVIOUS_KEYS) : [],
  )
  let currentKeyId = config.CREDENTIALS_KEY_ID
  if (config.CREDENTIALS_ENCRYPTION_KEY) {
    keys.set(currentKeyId, Buffer.from(config.CREDENTIALS_ENCRYPTION_KEY, 'base64'))
  } else {
    currentKeyId = 'dev-jwt'
    keys.set(currentKeyId, config.JWT_PRIVATE_KEY.export({ type: 'pkcs8', format: 'der' }))
  }
  return createSealedFiles({ storage, purpose: 'identity-document', currentKeyId, keys })
}

export function createIdentityDocumentService(deps: {
  db: Knex
  clock: Clock
  logger: Logger
  files: SealedFiles
}) {
  const { db, clock, logger, files } = deps

  async function level2(runner: Knex | Knex.Transaction, userId: number) {
    const [level, review] = await Promise.all([
      levelOf(runner, userId),
      IdentityReview.latestOf(runner, userId),
    ])
    const documents =
      review && review.status !== 'approved' && review.status !== 'rejected'
        ? await currentDocuments(runner, review.id)
        : []
    // A rejection stays on show, with its reason, until the next request goes to review.
    const shown =
      review?.status === 'collecting'
        ? await IdentityReview.latestOtherThan(runner, userId, review.id)
        : review
    const status: Level2Status =
      level >= 2
        ? 'approved'
        : shown?.status === 'pending' || shown?.status === 'rejected'
          ? shown.status
          : 'none'
    return {
      status,
      reason: status === 'rejected' ? (shown?.reason ?? null) : null,
      decided_at:
        status === 'rejected' || status === 'approved' ? (shown?.decided_at ?? null) : null,
      documents: documents.map(documentBody),
      missing:
        status === 'approved' || status === 'pending'
          ? []
          : IDENTITY_DOCUMENT_KINDS.filter((kind) => !documents.some((row) => row.kind === kind)),
      can_upload: level === 1 && review?.status !== 'pending',
    }
  }

  /**
   * Seal and store first (outside the transaction: no row lock held during I/O), then record it
   * under the customer's row lock, which serialises one customer's uploads and decisions on
   * them, so a request is submitted once and never grows while staff look at it.
   */
  async function upload(user: User, kind: IdentityDocumentKind, file: UploadedFile) {
    const type = file.type
    if (!isIdentityDocumentType(type)) throw new Error('upload: type checked by the schema')
    const level = await levelOf(db, user.id)
    if (level < 1) throw new ApiError(409, MESSAGES.needsLevel1, 'level1_required')
    if (level >= 2) throw new ApiError(409, MESSAGES.alreadyLevel2, 'already_verified')

    const now = clock.now()
    const month = String(now.getUTCMonth() + 1).padStart(2, '0')
    const key = `identity-documents/${now.getUTCFullYear()}/${month}/${randomUUID()}`
    const { keyId } = await files.put(key, file.data)
    const document = await saveOrDiscardFile(files, key, logger, () =>
      db.transaction(async (trx) => {
        await lockCustomer(trx, user.id)
        const locked = await levelOf(trx, user.id)
        if (locked >= 2) throw new ApiError(409, MESSAGES.alreadyLevel2, 'already_verified')
        let review = await IdentityReview.openOf(trx, user.id)
        if (review?.status === 'pending') {
          throw new ApiError(409, MESSAGES.underReview, 'under_review')
        }
        if (!review) {
          review = await IdentityReview.insertReturningRow(trx, {
            user_id: user.id,
            status: 'collecting',
            created_at: now,
          })
          if (!review) throw new Error('insert returned no review')
        }
        const row = await IdentityDocument.insertReturningRow(trx, {
          review_id: review.id,
          user_id: user.id,
          kind,
          storage_key: key,
          content_type: type,
          size_bytes: file.size,
          key_id: keyId,
          created_at: now,
        })
        if (!row) throw new Error('insert returned no document')
        const kinds = new Set((await currentDocuments(trx, review.id)).map((doc) => doc.kind))
        if (IDENTITY_DOCUMENT_KINDS.every((needed) => kinds.has(needed))) {
          await IdentityReview.submit(trx, review.id, now)
          await IdentityReviewAudit.record(trx, {
            review_id: review.id,
            user_id: user.id,
            action: 'submitted',
            actor_user_id: user.id,
            created_at: now,
          })
        }
        return row
      }),
    )
    return { document: documentBody(document), level2: await level2(db, user.id) }
  }

  return { upload, level2: (userId: number) => level2(db, userId) }
}

export type IdentityDocumentService = ReturnType<typeof createIdentityDocumentService>
