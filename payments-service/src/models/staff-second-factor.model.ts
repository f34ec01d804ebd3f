import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/**
 * A staff member's TOTP authenticator (ADR 015): the secret sealed by the credential
 * vault, `confirmed_at` once a first code proved it, and the newest 30-second step whose code
 * was accepted (no code is accepted twice). One row per staff member.
 */
export class StaffSecondFactor extends BaseModel {
  static override tableName = 'staff_second_factors'
  static override idColumn = 'user_id'

  declare user_id: number
  /** iv ‖ tag ‖ ciphertext, sealed with the user id and the purpose as associated data. */
  declare secret_ciphertext: Buffer
  declare secret_key_id: string
  declare last_time_step: number | null
  declare confirmed_at: Date | null
  declare created_at: Date

  /** The staff member's factor, or undefined before the enrolment began. */
  static async ofUser(db: Knex, userId: number): Promise<StaffSecondFactorRow | undefined> {
    return (await db('staff_second_factors').where({ user_id: userId }).first()) as
      StaffSecondFactorRow | undefined
  }

  /** The staff member's factor, locked for the rest of the transaction (enrol confirm, verify). */
  static async lockOfUser(
    trx: Knex.Transaction,
    userId: number,
  ): Promise<StaffSecondFactorRow | undefined> {
    return (await trx('staff_second_factors').where({ user_id: userId }).forUpdate().first()) as
      StaffSecondFactorRow | undefined
  }

  /**
   * Begins the enrolment with a new pending secret, replacing one that was never confirmed (an
   * enrolment link shows each secret once, ADR 035). False when the factor is confirmed already.
   */
  static async beginAnew(
    trx: Knex.Transaction,
    row: Pick<
      StaffSecondFactorRow,
      'user_id' | 'secret_ciphertext' | 'secret_key_id' | 'created_at'
    >,
  ): Promise<boolean> {
    const written = (await trx('staff_second_factors')
      .insert({ ...row, last_time_step: null, confirmed_at: null })
      .onConflict('user_id')
      .merge(['secret_ciphertext', 'secret_key_id', 'created_at', 'last_time_step'])
      .whereNull('staff_second_factors.confirmed_at')
      .returning('user_id')) as Array<{ user_id: number }>
    return written.length > 0
  }

  /** The first code proved the authenticator: confirmed, and that code's step is used up. */
  static async confirm(
    trx: Knex.Transaction,
    userId: number,
    confirmedAt: Date,
    timeStep: number,
  ): Promise<void> {
    await trx('staff_second_factors')
      .where({ user_id: userId })
      .update({ confirmed_at: confirmedAt, last_time_step: timeStep })
  }

  /** A code was accepted: its step and every earlier one are used up. */
  static async useStep(trx: Knex.Transaction, userId: number, timeStep: number): Promise<void> {
    await trx('staff_second_factors')
      .where({ user_id: userId })
      .update({ last_time_step: timeStep })
  }

  /**
   * Forgets the staff member's authenticator and recovery codes (they enrol again at the next
   * sign-in). Whether there was an authenticator to forget.
   */
  static async reset(trx: Knex.Transaction, userId: number): Promise<boolean> {
    await trx('staff_recovery_codes').where({ user_id: userId }).delete()
    return (await trx('staff_second_factors').where({ user_id: userId }).delete()) > 0
  }
}

/** A `staff_second_factors` row as the queries above read it (plain columns, not a model). */
export type StaffSecondFactorRow = Pick<
  StaffSecondFactor,
  | 'user_id'
  | 'secret_ciphertext'
  | 'secret_key_id'
  | 'last_time_step'
  | 'confirmed_at'
  | 'created_at'
>

/** One single-use recovery code of a staff member, kept as SHA-256 of user id and code. */
export class StaffRecoveryCode extends BaseModel {
  static override tableName = 'staff_recovery_codes'

  declare id: number
  declare user_id: number
  declare code_hash: string
  declare used_at: Date | null
  declare created_at: Date

  /** Replaces the staff member's recovery codes with new ones (given by their hashes). */
  static async replaceAll(
    trx: Knex.Transaction,
    userId: number,
    codeHashes: readonly string[],
    createdAt: Date,
  ): Promise<void> {
    await trx('staff_recovery_codes').where({ user_id: userId }).delete()
    await trx('staff_recovery_codes').insert(
      codeHashes.map((codeHash) => ({
        user_id: userId,
        code_hash: codeHash,
        created_at: createdAt,
      })),
    )
  }

  /** Uses up an unused recovery code of the staff member; false when there is none such. */
  static async use(
    trx: Knex.Transaction,
    userId: number,
    codeHash: string,
    usedAt: Date,
  ): Promise<boolean> {
    const used = (await trx('staff_recovery_codes')
      .where({ user_id: userId, code_hash: codeHash })
      .whereNull('used_at')
      .update({ used_at: usedAt })
      .returning('id')) as Array<{ id: number }>
    return used.length > 0
  }

  /** How many of the staff member's recovery codes are still unused. */
  static async countUnused(db: Knex, userId: number): Promise<number> {
    const [left] = await db('staff_recovery_codes')
      .where({ user_id: userId })
      .whereNull('used_at')
      .count<Array<{ count: string | number }>>('* as count')
    return Number(left?.count ?? 0)
  }
}
