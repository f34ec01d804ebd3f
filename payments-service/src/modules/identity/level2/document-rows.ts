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

/** Of a request's rows, the newest of each kind (the highest id), in the kinds' order. */
export function newestOfEachKind(rows: readonly IdentityDocumentRow[]): IdentityDocumentRow[] {
  return IDENTITY_DOCUMENT_KINDS.flatMap((kind) => {
    const ofKind = rows.filter((row) => row.kind === kind)
    return ofKind.length ? [ofKind.reduce((a, b) => (b.id > a.id ? b : a))] : []
  })
}

/** The newest document of each kind: a re-upload while collecting replaces the earlier photo. */
export async function currentDocuments(
  runner: Knex | Knex.Transaction,
  reviewId: number,
): Promise<IdentityDocumentRow[]> {
  return newestOfEachKind(await IdentityDocument.rowsWhere(runner, { review_id: reviewId }))
}
