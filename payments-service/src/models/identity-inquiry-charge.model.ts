import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

// The caps' advisory locks: one key space for customers and one for addresses, so a customer's
// key never equals an address's and the fixed order (customer, then address) holds.
const CUSTOMER_LOCKS = 0x49_51_43_55 // "IQCU"
const ADDRESS_LOCKS = 0x49_51_41_44 // "IQAD"

/** Whose question it is, and the client address of the request behind it (null: background). */
export interface ChargedTo {
  userId: number
  clientIp: string | null
}

/**
 * One question sent (or about to be sent) to the identity provider, which we pay for (ADR 030):
 * whose, from which address, which kind, when. The daily caps count these rows; answers reused
 * from `identity_inquiries` have none.
 */
export class IdentityInquiryCharge extends BaseModel {
  static override tableName = 'identity_inquiry_charges'

  declare id: number
  declare user_id: number | null
  declare client_ip: string | null
  declare kind: string
  declare created_at: Date

  /**
   * Serialises the count and the insert of the customer's and the address's charges across
   * every process until the transaction ends: the customer's lock first, then the address's,
   * the same order for everyone, so two requests never wait on each other in a circle.
   */
  static async lockFor(trx: Knex.Transaction, who: ChargedTo): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [CUSTOMER_LOCKS, who.userId])
    if (who.clientIp) {
      await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [ADDRESS_LOCKS, who.clientIp])
    }
  }

  /** The customer's and the address's charges within [start, end), in one statement. */
  static async countsWithin(
    db: Knex,
    who: ChargedTo,
    span: { start: Date; end: Date },
  ): Promise<{ customer: number; address: number }> {
    const [row] = (await db('identity_inquiry_charges')
      .where('created_at', '>=', span.start)
      .where('created_at', '<', span.end)
      .where((q) =>
        who.clientIp
          ? q.where('user_id', who.userId).orWhere('client_ip', who.clientIp)
          : q.where('user_id', who.userId),
      )
      .select(
        db.raw('count(*) FILTER (WHERE user_id = ?)::int AS customer', [who.userId]),
        db.raw('count(*) FILTER (WHERE client_ip = ?)::int AS address', [who.clientIp]),
      )) as Array<{ customer: number; address: number }>
    return row ?? { customer: 0, address: 0 }
  }

  /** A new charge; answers its id. */
  static async insertOne(db: Knex, row: Omit<IdentityInquiryChargeRow, 'id'>): Promise<number> {
    const [inserted] = (await db('identity_inquiry_charges').insert(row).returning('id')) as Array<{
      id: number
    }>
    if (!inserted) throw new Error('identity_inquiry_charges: INSERT returned no row')
    return inserted.id
  }

  /** Takes back a charge for a question that was never sent. */
  static async deleteOne(db: Knex, id: number): Promise<void> {
    await db('identity_inquiry_charges').where({ id }).delete()
  }

  /** Deletes the charges older than `cutoff`; answers how many. */
  static async deleteOlderThan(db: Knex, cutoff: Date): Promise<number> {
    return db('identity_inquiry_charges').where('created_at', '<', cutoff).delete()
  }
}

export interface IdentityInquiryChargeRow {
  id: number
  user_id: number | null
  client_ip: string | null
  kind: string
  created_at: Date
}
