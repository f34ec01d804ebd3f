import { ROLES, type Role } from '@arzpol/contracts/value-sets'
import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

export { ROLES, type Role }

export class User extends BaseModel {
  static override tableName = 'users'

  declare id: number
  declare phone: string
  declare username: string
  declare email: string | null
  declare password_hash: string
  declare role: Role
  declare blocked_at: Date | null
  /** Closed by an admin (issue 18); a closed account is always blocked too. */
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

  /** One column of one account, or undefined when there is no such account. */
  static async fieldOf<Field extends 'username' | 'phone'>(
    db: Knex | Knex.Transaction,
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
}
