import { OTP_PURPOSES, type OtpPurpose } from '@arzpol/contracts/value-sets'
import type { Knex } from 'knex'
import { newestFirst } from '../db/newest-first.ts'
import { BaseModel } from './base.model.ts'

export { OTP_PURPOSES, type OtpPurpose }

export class OtpChallenge extends BaseModel {
  static override tableName = 'otp_challenges'

  declare id: number
  declare phone: string
  declare purpose: OtpPurpose
  declare nonce: string
  /** False when no SMS went out (a reset for an unknown phone): the row only keeps limits equal. */
  declare delivered: boolean
  declare client_ip: string | null
  declare attempts: number
  declare expires_at: Date
  declare consumed_at: Date | null
  declare created_at: Date

  /** The newest code sent to a phone for a purpose, or undefined. */
  static async newestOf(
    db: Knex,
    phone: string,
    purpose: OtpPurpose,
  ): Promise<OtpChallenge | undefined> {
    return OtpChallenge.query(db).where({ phone, purpose }).orderBy(newestFirst()).first()
  }

  /** The same, locked until the transaction ends: one guess at a time counts against it. */
  static async lockNewestOf(
    trx: Knex.Transaction,
    phone: string,
    purpose: OtpPurpose,
  ): Promise<OtpChallenge | undefined> {
    return OtpChallenge.query(trx)
      .where({ phone, purpose })
      .orderBy(newestFirst())
      .forUpdate()
      .first()
  }

  /** One more wrong guess at this code. */
  static async countWrongGuess(trx: Knex.Transaction, id: number): Promise<void> {
    await OtpChallenge.query(trx).findById(id).increment('attempts', 1)
  }

  /**
   * Serialises sends to a phone and from a client IP across instances until the transaction
   * ends, so two parallel requests cannot both squeeze under a limit. Always phone first, then
   * IP: no deadlock.
   */
  static async lockSends(
    trx: Knex.Transaction,
    phone: string,
    clientIp: string | null,
  ): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`otp:phone:${phone}`])
    if (clientIp) {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`otp:ip:${clientIp}`])
    }
  }

  /** Codes sent to a phone or from a client IP after `since`, and when the oldest was sent. */
  static async sentSince(
    db: Knex,
    column: 'phone' | 'client_ip',
    value: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    return (await db('otp_challenges')
      .where(column, value)
      .where('created_at', '>', since)
      .first(db.raw('count(*)::int AS count'), db.raw('min(created_at) AS oldest'))) as {
      count: number
      oldest: Date | null
    }
  }

  /**
   * Clean-up: deletes challenges whose code expired by `now` and that were created at or before
   * `createdBefore` (the send limits no longer count them); how many went.
   */
  static async deleteSpent(db: Knex, now: Date, createdBefore: Date): Promise<number> {
    return await db('otp_challenges')
      .where('expires_at', '<=', now)
      .where('created_at', '<=', createdBefore)
      .delete()
  }
}
