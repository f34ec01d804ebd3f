import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/** One wrong OTP code, counted per phone and per client IP by otp-guard.ts. */
export class OtpFailure extends BaseModel {
  static override tableName = 'otp_failures'

  declare id: number
  declare phone: string
  declare client_ip: string | null
  declare created_at: Date

  /**
   * Serialises the guesses at one phone's codes until the transaction ends, so a budget is
   * crossed once.
   */
  static async lockPhone(trx: Knex.Transaction, phone: string): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`otp:guard:${phone}`])
  }

  /**
   * Serialises the guesses from one client address until the transaction ends, so its budget is
   * crossed once whatever phones the guesses name. Always taken after the phone's lock.
   */
  static async lockAddress(trx: Knex.Transaction, clientIp: string): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`otp:guard-ip:${clientIp}`])
  }

  /** Wrong codes from a client IP younger than `since`, and when the oldest of them came. */
  static async fromIpSince(
    db: Knex,
    clientIp: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    return (await db('otp_failures')
      .where('client_ip', clientIp)
      .where('created_at', '>', since)
      .first(db.raw('count(*)::int AS count'), db.raw('min(created_at) AS oldest'))) as {
      count: number
      oldest: Date | null
    }
  }

  /** Counts one wrong code (a plain INSERT, nothing returned). */
  static async record(
    db: Knex,
    row: { phone: string; client_ip: string | null; created_at: Date },
  ): Promise<void> {
    await db('otp_failures').insert(row)
  }

  /** How many wrong codes were given for a phone after `since`. */
  static async countForPhoneSince(db: Knex, phone: string, since: Date): Promise<number> {
    const row = (await db('otp_failures')
      .where({ phone })
      .where('created_at', '>', since)
      .first(db.raw('count(*)::int AS count'))) as { count: number }
    return row.count
  }

  /** Clean-up: deletes wrong codes given at or before `before`; how many went. */
  static async deleteGivenBefore(db: Knex, before: Date): Promise<number> {
    return await db('otp_failures').where('created_at', '<=', before).delete()
  }
}

/** A phone's OTP flows (sending a code, register, reset) locked until `locked_until`. */
export class OtpLock extends BaseModel {
  static override tableName = 'otp_locks'

  declare id: number
  declare phone: string
  /** The phone's failures within the window when it was locked. */
  declare failures: number
  declare locked_until: Date
  declare created_at: Date

  /** When the phone's latest lock that is still running at `now` ends, or undefined. */
  static async activeUntil(db: Knex, phone: string, now: Date): Promise<Date | undefined> {
    const row = (await db('otp_locks')
      .where({ phone })
      .where('locked_until', '>', now)
      .orderBy('locked_until', 'desc')
      .first('locked_until')) as { locked_until: Date } | undefined
    return row?.locked_until
  }

  /** Writes one lock (a plain INSERT, nothing returned). */
  static async record(
    db: Knex,
    row: { phone: string; failures: number; locked_until: Date; created_at: Date },
  ): Promise<void> {
    await db('otp_locks').insert(row)
  }

  /** Clean-up: deletes locks that ended at or before `now`; how many went. */
  static async deleteEnded(db: Knex, now: Date): Promise<number> {
    return await db('otp_locks').where('locked_until', '<=', now).delete()
  }
}
