import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/**
 * A one-time link that lets a staff member enrol their second factor (ADR 035). Only the
 * SHA-256 of its token is kept. A link is good until `expires_at`, once (`used_at`), and only
 * while it is the account's newest (`revoked_at` is set when another is issued).
 */
export class StaffEnrolmentLink extends BaseModel {
  static override tableName = 'staff_enrolment_links'

  declare id: number
  declare user_id: number
  declare token_hash: string
  /** The admin who issued it; null for the create-staff command (or a deleted admin). */
  declare issued_by: number | null
  declare created_at: Date
  declare expires_at: Date
  declare used_at: Date | null
  declare revoked_at: Date | null

  /**
   * Issues a link: every link of the account still open is revoked in the same transaction, so
   * at most one link per account works at any time.
   */
  static async issue(
    trx: Knex.Transaction,
    row: Pick<
      StaffEnrolmentLinkRow,
      'user_id' | 'token_hash' | 'issued_by' | 'created_at' | 'expires_at'
    >,
  ): Promise<void> {
    await trx('staff_enrolment_links')
      .where({ user_id: row.user_id })
      .whereNull('used_at')
      .whereNull('revoked_at')
      .update({ revoked_at: row.created_at })
    await trx('staff_enrolment_links').insert(row)
  }

  /** The link with this token hash, locked for the rest of the transaction, or undefined. */
  static async lockByHash(
    trx: Knex.Transaction,
    tokenHash: string,
  ): Promise<StaffEnrolmentLinkRow | undefined> {
    return (await trx('staff_enrolment_links')
      .where({ token_hash: tokenHash })
      .forUpdate()
      .first()) as StaffEnrolmentLinkRow | undefined
  }

  /** The link was used to show a secret: it never works again. */
  static async markUsed(trx: Knex.Transaction, id: number, usedAt: Date): Promise<void> {
    await trx('staff_enrolment_links').where({ id }).update({ used_at: usedAt })
  }
}

/** A `staff_enrolment_links` row as the queries above read it (plain columns, not a model). */
export type StaffEnrolmentLinkRow = Pick<
  StaffEnrolmentLink,
  | 'id'
  | 'user_id'
  | 'token_hash'
  | 'issued_by'
  | 'created_at'
  | 'expires_at'
  | 'used_at'
  | 'revoked_at'
>
