import { ROLES, type Role } from '@arzpol/contracts/value-sets'
import type { Knex } from 'knex'
import { newestFirst } from '../db/newest-first.ts'
import { pageOf } from '../db/page.ts'
import { BaseModel } from './base.model.ts'

export { ROLES, type Role }

/**
 * Roles with staff powers. They sign in with a second factor (ADR 015), and use those powers only
 * from a session that passed it (ADR 029).
 */
export const STAFF_ROLES: readonly Role[] = ['support', 'admin']
export const isStaffRole = (role: Role) => STAFF_ROLES.includes(role)

/** The columns of an account staff see (the users list and page): never the password hash. */
export const STAFF_USER_COLUMNS = [
  'id',
  'phone',
  'username',
  'email',
  'role',
  'blocked_at',
  'closed_at',
  'created_at',
  'last_login_at',
] as const
export type StaffUserRow = Pick<User, (typeof STAFF_USER_COLUMNS)[number]>

/** The staff users list's filters: a phone (whole, or its beginning), a role, blocked or not. */
export interface StaffUserFilters {
  phone?: string
  role?: Role
  blocked?: boolean
}

export class User extends BaseModel {
  static override tableName = 'users'

  declare id: number
  declare phone: string
  declare username: string
  declare email: string | null
  declare password_hash: string
  declare role: Role
  declare blocked_at: Date | null
  /** Closed by an admin (ADR 025); a closed account is always blocked too. */
  declare closed_at: Date | null
  declare password_changed_at: Date
  declare last_login_at: Date | null
  declare created_at: Date
  declare updated_at: Date

  override $beforeUpdate(): void {
    this.updated_at = new Date()
  }

  get isBlocked(): boolean {
    return this.blocked_at !== null
  }

  /**
   * What every authenticated request reads (auth middleware), in one statement: the account, and
   * whether the access token's session is still open, that is, whether its refresh-token family
   * still has a token that was neither rotated nor revoked and has not expired (the partial index
   * `refresh_tokens_open_family_idx` finds it). `session` is null once the session ended;
   * undefined when there is no such account.
   */
  static async withOpenSession(
    db: Knex,
    id: number,
    sessionId: string,
    now: Date,
  ): Promise<{ user: User; session: { secondFactor: boolean } | null } | undefined> {
    const open = db('refresh_tokens')
      .select('second_factor')
      .where('family_id', sessionId)
      .where('refresh_tokens.user_id', db.ref('users.id'))
      .whereNull('used_at')
      .whereNull('revoked_at')
      .where('expires_at', '>', now)
      .limit(1)
    const row = (await db('users')
      .where('users.id', id)
      .first('users.*', open.as('session_second_factor'))) as
      (Record<string, unknown> & { session_second_factor: boolean | null }) | undefined
    if (!row) return undefined
    const { session_second_factor: secondFactor, ...columns } = row
    return {
      user: User.fromDatabaseJson(columns),
      session: secondFactor === null ? null : { secondFactor },
    }
  }

  /** The account of a phone number, or undefined. */
  static async byPhone(db: Knex, phone: string): Promise<User | undefined> {
    return User.query(db).findOne({ phone })
  }

  /** The account of a phone number, locked until the transaction ends, or undefined. */
  static async lockByPhone(trx: Knex.Transaction, phone: string): Promise<User | undefined> {
    return User.query(trx).findOne({ phone }).forUpdate()
  }

  /** Whether an account has this phone number. */
  static async hasPhone(db: Knex, phone: string): Promise<boolean> {
    return (await User.query(db).select('id').findOne({ phone })) !== undefined
  }

  /** The accounts whose phone or username is one of `identifiers` (a sign-in's candidates). */
  static async signingInAs(db: Knex, identifiers: readonly string[]): Promise<User[]> {
    return User.query(db)
      .whereIn('phone', identifiers as string[])
      .orWhereIn('username', identifiers as string[])
  }

  /** How staff name an account: its id, phone and username, or undefined. */
  static async namesOf(
    db: Knex,
    id: number,
  ): Promise<Pick<User, 'id' | 'phone' | 'username'> | undefined> {
    return User.query(db).findById(id).select('id', 'phone', 'username')
  }

  /** One column of one account, or undefined when there is no such account. */
  static async fieldOf<Field extends 'username' | 'phone'>(
    db: Knex,
    id: number,
    field: Field,
  ): Promise<string | undefined> {
    const row = (await db('users').where({ id }).first(field)) as Record<Field, string> | undefined
    return row?.[field]
  }

  /**
   * The customer's row lock before anything they may spend (modules/identity/limits.ts
   * `lockCustomer`, ADR 014's lock order): FOR NO KEY UPDATE, which does not wait on the KEY
   * SHARE of a row referencing the customer. Answers whether the account is blocked (or gone).
   */
  static async lockForSpending(trx: Knex.Transaction, id: number): Promise<boolean> {
    const { rows } = (await trx.raw('SELECT blocked_at FROM users WHERE id = ? FOR NO KEY UPDATE', [
      id,
    ])) as { rows: Array<{ blocked_at: Date | null }> }
    return !rows[0] || rows[0].blocked_at !== null
  }

  /** Which of `ids` name a blocked (or closed) account; ids of no account are left out. */
  static async blockedAmong(db: Knex, ids: readonly number[]): Promise<number[]> {
    const rows = (await db('users')
      .whereIn('id', ids)
      .whereNotNull('blocked_at')
      .select('id')) as Array<{ id: number }>
    return rows.map((row) => Number(row.id))
  }

  /** One page of the staff users list, newest first, and how many accounts match in all. */
  static async pageForStaff(
    db: Knex,
    filters: StaffUserFilters,
    paging: { limit: number; offset: number },
  ): Promise<{ count: number; rows: StaffUserRow[] }> {
    const base = db('users')
    if (filters.phone) {
      if (filters.phone.length === 11) base.where('phone', filters.phone)
      else base.where('phone', 'like', `${filters.phone}%`)
    }
    if (filters.role) base.where('role', filters.role)
    if (filters.blocked === true) base.whereNotNull('blocked_at')
    if (filters.blocked === false) base.whereNull('blocked_at')
    return pageOf<StaffUserRow>(base, paging, (page) =>
      page.select(STAFF_USER_COLUMNS).orderBy(newestFirst()),
    )
  }

  /** The account as staff see it, or undefined when there is none. */
  static async staffRowOf(db: Knex, id: number): Promise<StaffUserRow | undefined> {
    return (await db('users').where({ id }).first(STAFF_USER_COLUMNS)) as StaffUserRow | undefined
  }

  /** The account as staff see it, locked FOR UPDATE (by id, or by phone); undefined when none. */
  static async lockStaffRow(
    trx: Knex.Transaction,
    by: { id: number } | { phone: string },
  ): Promise<StaffUserRow | undefined> {
    return (await trx('users').where(by).forUpdate().first(STAFF_USER_COLUMNS)) as
      StaffUserRow | undefined
  }

  /** Sets (or clears) `blocked_at`; `now` is the account's updated_at. */
  static async setBlockedAt(
    trx: Knex.Transaction,
    id: number,
    blockedAt: Date | null,
    now: Date,
  ): Promise<void> {
    await trx('users').where({ id }).update({ blocked_at: blockedAt, updated_at: now })
  }

  /** Closes the account (ADR 025): `closed_at`, and `blocked_at` (kept when already blocked). */
  static async markClosed(
    trx: Knex.Transaction,
    id: number,
    at: { blockedAt: Date; now: Date },
  ): Promise<void> {
    await trx('users')
      .where({ id })
      .update({ closed_at: at.now, blocked_at: at.blockedAt, updated_at: at.now })
  }

  /** Gives the account `role`; the row as staff see it afterwards. */
  static async setRole(
    trx: Knex.Transaction,
    id: number,
    role: Role,
    now: Date,
  ): Promise<StaffUserRow | undefined> {
    const [updated] = (await trx('users')
      .where({ id })
      .update({ role, updated_at: now })
      .returning(STAFF_USER_COLUMNS)) as StaffUserRow[]
    return updated
  }

  /** Phones of the staff accounts that can act now (not blocked), but for the ones named. */
  static async staffPhonesExcept(db: Knex, exceptIds: number[]): Promise<string[]> {
    const rows = (await db('users')
      .whereIn('role', ['support', 'admin'])
      .whereNull('blocked_at')
      .whereNotIn('id', exceptIds)
      .orderBy('id')
      .select('phone')) as Array<{ phone: string }>
    return rows.map((row) => row.phone)
  }
}
