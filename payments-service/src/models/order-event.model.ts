import type { OrderStage } from '@arzpol/contracts'
import { CHANGE_CHANNEL } from '@arzpol/contracts/changes'
import type { Knex } from 'knex'
import { BaseModel } from './base.model.ts'

export const ACTORS = ['customer', 'staff', 'gateway', 'system'] as const
export type Actor = (typeof ACTORS)[number]

/** Append-only audit row of one stage change (or a re-quote, where from = to). */
export class OrderEvent extends BaseModel {
  static override tableName = 'payment_events'

  declare id: number
  declare payment_id: number
  declare from_stage: OrderStage | null
  declare to_stage: OrderStage
  declare reason: string
  declare actor: Actor
  declare actor_user_id: number | null
  declare data: Record<string, unknown>
  declare created_at: Date

  static override get jsonAttributes() {
    return ['data']
  }

  /**
   * Appends one audit row and tells every pod the order changed (ADR 043): one statement, since
   * recordEvent is on every hot path (ADR 011). Inside the caller's transaction the notice goes
   * out when it commits, never for a change rolled back.
   */
  static async record(
    db: Knex,
    row: Pick<
      OrderEvent,
      'payment_id' | 'from_stage' | 'to_stage' | 'reason' | 'actor' | 'actor_user_id' | 'created_at'
    > & { data: string },
  ): Promise<void> {
    await db.raw(
      `WITH recorded AS (?)
       SELECT pg_notify(?, json_build_object('type', 'order', 'id', payment_id)::text) FROM recorded`,
      [db('payment_events').insert(row).returning('payment_id'), CHANGE_CHANNEL],
    )
  }

  /** An order's events as the customer's timeline reads them: oldest first. */
  static async of(db: Knex, orderId: number): Promise<OrderEvent[]> {
    return OrderEvent.query(db)
      .where({ payment_id: orderId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
  }

  /** An order's events, oldest first, each with the user name of the staff member (if any). */
  static async timelineWithActors(db: Knex, orderId: number): Promise<EventWithActor[]> {
    return (await db('payment_events as e')
      .leftJoin('users as a', 'a.id', 'e.actor_user_id')
      .where('e.payment_id', orderId)
      .orderBy([{ column: 'e.created_at' }, { column: 'e.id' }])
      .select('e.*', 'a.username as actor_username')) as EventWithActor[]
  }
}

/** A `payment_events` row with the user name of its actor (staff order detail). */
export interface EventWithActor {
  id: number
  payment_id: number
  from_stage: OrderStage | null
  to_stage: OrderStage
  reason: string
  actor: Actor
  actor_user_id: number | null
  actor_username: string | null
  data: Record<string, unknown>
  created_at: Date
}
