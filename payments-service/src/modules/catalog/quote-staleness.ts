import type { Knex } from 'knex'
import { CatalogChange } from '../../models/catalog-change.model.ts'
import type { QuoteClaims } from './quote-token.ts'

/**
 * Whether a signed quote was priced from a copy of the rates or fees that was already out of
 * date when it was made (ADR 033): a change of its currency's rate or of its payment type,
 * newer than the copy, had been made by then. Such a quote promised a price this service no
 * longer offered; one made from the copy that was current keeps its promise whatever changed
 * after it. A `v1` token does not say what it was priced from and is honoured as before.
 *
 * "Made by then" compares the change's time with the quote's, both from the pods' clocks; a
 * change counts from when its transaction wrote it, a moment before it committed, so a quote
 * made in between is refused too (never the other way round).
 */
export async function pricedFromStaleCopy(db: Knex, claims: QuoteClaims): Promise<boolean> {
  if (!claims.basis) return false
  return CatalogChange.madeBefore(db, {
    currency: claims.currency,
    paymentType: claims.paymentType,
    ...claims.basis,
  })
}
