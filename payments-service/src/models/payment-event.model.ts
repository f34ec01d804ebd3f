import type { OrderStage } from '@arzpol/contracts'
import { BaseModel } from './base.model.ts'

export const ACTORS = ['customer', 'staff', 'gateway', 'system'] as const
export type Actor = (typeof ACTORS)[number]

/** Append-only audit row of one stage change (or a re-quote, where from = to). */
export class PaymentEvent extends BaseModel {
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
}
