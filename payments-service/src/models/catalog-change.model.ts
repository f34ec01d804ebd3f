import type { Currency } from '@arzpol/contracts/catalog/currencies'
import type { PaymentTypeCode } from '@arzpol/contracts/catalog/payment-types'
import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/**
 * Catalog changes are numbered one at a time under this transaction-scoped advisory lock, so
 * the id order is the commit order: a reader that sees version N sees every change up to N.
 */
const CATALOG_VERSION_LOCK = 33_000_001

/** What a quote token was priced from, checked against the changes made since (ADR 033). */
export interface QuoteBasisCheck {
  currency: Currency
  paymentType: PaymentTypeCode
  /** The catalog version of the rate copy and of the payment-type copy the quote was built from. */
  rateVersion: number
  typeVersion: number
  /** When the quote was made. */
  issuedAt: Date
}

/**
 * One committed change of a rate (`currency`) or of a payment type's fee or limits
 * (`payment_type`): its id is the catalog version (ADR 033).
 */
export class CatalogChange extends BaseModel {
  static override tableName = 'catalog_changes'

  declare id: number
  declare currency: Currency | null
  declare payment_type: PaymentTypeCode | null
  declare created_at: Date

  /**
   * Records a change in the caller's transaction and answers its version. Waits for any other
   * catalog change still uncommitted (the lock), so versions are handed out in commit order.
   */
  static async record(
    trx: Knex.Transaction,
    subject: { currency: Currency } | { payment_type: PaymentTypeCode },
    at: Date,
  ): Promise<number> {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [CATALOG_VERSION_LOCK])
    const [row] = (await trx('catalog_changes')
      .insert({ ...subject, created_at: at })
      .returning('id')) as Array<{ id: number }>
    if (!row) throw new Error('catalog_changes: INSERT returned no row')
    return row.id
  }

  /**
   * Whether a change of this quote's currency or payment type, newer than the copy it was built
   * from, had been made by the time it was made: then the quote came from an out-of-date copy.
   */
  static async madeBefore(db: Knex, basis: QuoteBasisCheck): Promise<boolean> {
    const found = await db('catalog_changes')
      .where('created_at', '<=', basis.issuedAt)
      .andWhere((either) =>
        either
          .where((rate) =>
            rate.where('currency', basis.currency).andWhere('id', '>', basis.rateVersion),
          )
          .orWhere((type) =>
            type.where('payment_type', basis.paymentType).andWhere('id', '>', basis.typeVersion),
          ),
      )
      .first('id')
    return found !== undefined
  }
}
