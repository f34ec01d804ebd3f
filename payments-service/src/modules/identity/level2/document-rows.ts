import type { Knex } from 'knex'
import {
  IdentityDocument,
  type IdentityDocumentRow,
} from '../../../models/identity-document.model.ts'
import { IDENTITY_DOCUMENT_KINDS } from '@arzpol/contracts/identity/documents'

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
