import type { Currency } from '@arzpol/contracts/value-sets'
import { BaseModel } from './base.model.ts'

/** One buy rate as set at one moment; the newest row per currency is the current rate. */
export class Rate extends BaseModel {
  static override tableName = 'rates'

  declare id: number
  declare currency: Currency
  declare buy_rate_irr: number
  declare set_by_user_id: number | null
  declare note: string | null
  /** The rate this one replaced (issue 15); null for the first and for older rows. */
  declare previous_buy_rate_irr: number | null
  /** |new − previous| in basis points of the previous rate. */
  declare change_bps: number | null
  /** An admin confirmed a change above RATE_CHANGE_CONFIRM_PERCENT. */
  declare change_confirmed: boolean
  declare created_at: Date
}
