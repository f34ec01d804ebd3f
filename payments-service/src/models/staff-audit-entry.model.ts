import type { StaffAuditAction } from '@arzpol/contracts/staff-audit'
import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

/**
 * The advisory lock key that serialises appends to the chain across every process: "STAFFAUD"
 * read as eight ASCII bytes, so it cannot collide with the small keys used elsewhere.
 */
const CHAIN_LOCK_KEY = 0x5354414646415544n

/** One link of the staff audit chain (see modules/staff-audit/chain.ts). */
export class StaffAuditEntry extends BaseModel {
  static override tableName = 'staff_audit_log'

  declare id: number
  declare created_at: Date
  declare actor_user_id: number | null
  /** `staff`, or `cli` for an operator's command. */
  declare actor: string
  declare action: StaffAuditAction
  declare subject_type: string
  declare subject_id: string
  declare data: Record<string, unknown>
  declare prev_hash: string
  declare hash: string

  /** Waits until no other transaction is appending; held until this one ends. */
  static async lockChain(trx: Knex.Transaction): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(?::bigint)', [CHAIN_LOCK_KEY.toString()])
  }

  /** The newest link's id and hash, or undefined for an empty chain. */
  static async head(db: Knex): Promise<{ id: number; hash: string } | undefined> {
    return (await db('staff_audit_log').orderBy('id', 'desc').first('id', 'hash')) as
      { id: number; hash: string } | undefined
  }

  /** The id the next link will have (its hash covers its id). */
  static async nextId(trx: Knex.Transaction): Promise<number> {
    const { rows } = (await trx.raw(
      "SELECT nextval(pg_get_serial_sequence('staff_audit_log', 'id')) AS id",
    )) as { rows: Array<{ id: number }> }
    const id = rows[0]?.id
    if (!id) throw new Error('staff_audit_log: no next id')
    return id
  }

  static async append(trx: Knex.Transaction, row: StaffAuditRow): Promise<void> {
    await trx('staff_audit_log').insert({ ...row, data: JSON.stringify(row.data) })
  }

  /** Links after `afterId` in chain order, `limit` at a time (the verifier's walk). */
  static async after(db: Knex, afterId: number, limit: number): Promise<StaffAuditRow[]> {
    return (await db('staff_audit_log')
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)) as StaffAuditRow[]
  }

  /** One link by id. */
  static async byId(db: Knex, id: number): Promise<StaffAuditRow | undefined> {
    return (await db('staff_audit_log').where({ id }).first()) as StaffAuditRow | undefined
  }

  /** Admins' view: newest first, filtered, with the actor's username. */
  static async page(
    db: Knex,
    filter: {
      actorUserId?: number | undefined
      action?: StaffAuditAction | undefined
      from?: Date | undefined
      before?: Date | undefined
    },
    paging: { limit: number; offset: number },
  ): Promise<{ count: number; rows: Array<StaffAuditRow & { actor_username: string | null }> }> {
    const base = db('staff_audit_log as a').where((q) => {
      if (filter.actorUserId !== undefined) q.where('a.actor_user_id', filter.actorUserId)
      if (filter.action !== undefined) q.where('a.action', filter.action)
      if (filter.from !== undefined) q.where('a.created_at', '>=', filter.from)
      if (filter.before !== undefined) q.where('a.created_at', '<', filter.before)
    })
    const [counted, rows] = await Promise.all([
      base.clone().count<Array<{ count: string }>>('* as count'),
      base
        .clone()
        .leftJoin('users as u', 'u.id', 'a.actor_user_id')
        .select('a.*', 'u.username as actor_username')
        .orderBy('a.id', 'desc')
        .limit(paging.limit)
        .offset(paging.offset),
    ])
    return {
      count: Number(counted[0]?.count ?? 0),
      rows: rows as Array<StaffAuditRow & { actor_username: string | null }>,
    }
  }
}

export type StaffAuditRow = Pick<
  StaffAuditEntry,
  | 'id'
  | 'created_at'
  | 'actor_user_id'
  | 'actor'
  | 'action'
  | 'subject_type'
  | 'subject_id'
  | 'data'
  | 'prev_hash'
  | 'hash'
>
