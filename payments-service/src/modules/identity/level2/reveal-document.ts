import { readStoredFile } from '../../../http/stored-files.ts'
import { IdentityDocument } from '../../../models/identity-document.model.ts'
import { IdentityReviewAudit } from '../../../models/identity-review.model.ts'
import type { User } from '../../../models/user.model.ts'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { appendStaffAudit } from '../../staff-audit/chain.ts'
import type { Level2Deps } from './deps.ts'
import { notFound } from './review-views.ts'

/**
 * The decrypted photo. The opening is recorded before the file is read: an audit row for an
 * opening that then failed is harmless, a photo shown without one is not.
 */
export async function revealDocument(
  deps: Level2Deps,
  staff: User,
  reviewId: number,
  documentId: number,
) {
  const { db, clock, logger, files } = deps
  const document = await IdentityDocument.revealable(db, reviewId, documentId)
  if (!document) throw notFound()
  refuseOwnAccount(staff, document.user_id)
  await db.transaction(async (trx) => {
    const now = clock.now()
    await IdentityReviewAudit.record(trx, {
      review_id: reviewId,
      user_id: document.user_id,
      action: 'document_revealed',
      actor_user_id: staff.id,
      document_id: document.id,
      created_at: now,
    })
    await appendStaffAudit(trx, {
      actor: staff,
      action: 'identity_document_revealed',
      subject: { type: 'identity_review', id: reviewId },
      data: { customer_id: document.user_id, document_id: document.id },
      at: now,
    })
  })
  const data = await readStoredFile(files.get(document.storage_key, document.key_id), {
    logger,
    context: { document_id: document.id, storage_key: document.storage_key },
    refusal: notFound,
  })
  return { document, data }
}
