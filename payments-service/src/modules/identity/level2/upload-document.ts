import { ApiError } from '../../../http/errors.ts'
import { saveOrDiscardFile } from '../../../http/stored-files.ts'
import { IdentityDocument } from '../../../models/identity-document.model.ts'
import { IdentityReview, IdentityReviewAudit } from '../../../models/identity-review.model.ts'
import type { User } from '../../../models/user.model.ts'
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_DOCUMENT_MESSAGES as MESSAGES,
  isIdentityDocumentType,
  type IdentityDocumentKind,
} from '@arzpol/contracts/identity/documents'
import { levelOf, lockCustomer } from '../limits.ts'
import type { IdentityDocumentDeps } from './deps.ts'
import type { SealedPhoto } from './receive-photo.ts'
import { currentDocuments, documentBody } from './document-rows.ts'
import { level2Of } from './status.ts'
import { refuseBeyondCaps } from './upload-caps.ts'

/**
 * The photo arrives sealed (`photoReceiver`). Store it first (outside the transaction: no row
 * lock held during I/O), then record it under the customer's row lock, which serialises one
 * customer's uploads and decisions on them, so a request is submitted once and never grows
 * while staff look at it.
 */
export async function uploadDocument(
  deps: IdentityDocumentDeps,
  user: User,
  kind: IdentityDocumentKind,
  file: SealedPhoto,
) {
  const { db, clock, logger, files, caps } = deps
  const type = file.type
  if (!isIdentityDocumentType(type)) throw new Error('upload: type checked by the schema')
  const level = await levelOf(db, user.id)
  if (level < 1) throw new ApiError(409, MESSAGES.needsLevel1, 'level1_required')
  if (level >= 2) throw new ApiError(409, MESSAGES.alreadyLevel2, 'already_verified')

  const now = clock.now()
  await refuseBeyondCaps(caps, db, user.id, (await IdentityReview.openOf(db, user.id))?.id, now)
  const { storageKey: key, keyId } = file
  await files.putSealed(key, file.spoolPath)
  const document = await saveOrDiscardFile(files, key, logger, () =>
    db.transaction(async (trx) => {
      await lockCustomer(trx, user.id)
      const locked = await levelOf(trx, user.id)
      if (locked >= 2) throw new ApiError(409, MESSAGES.alreadyLevel2, 'already_verified')
      let review = await IdentityReview.openOf(trx, user.id)
      if (review?.status === 'pending') {
        throw new ApiError(409, MESSAGES.underReview, 'under_review')
      }
      await refuseBeyondCaps(caps, trx, user.id, review?.id, now)
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
  return { document: documentBody(document), level2: await level2Of(db, user.id) }
}
