import type { Currency } from '../modules/money/money.ts'
import { BaseModel } from './base.model.ts'

/** One buy rate as set at one moment; the newest row per currency is the current rate. */
export class Rate extends BaseModel {
  static override tableName = 'rates'

  declare id: number
  declare currency: Currency
  declare buy_rate_irr: number
  declare set_by_user_id: number | null
  declare note: string | null
  declare created_at: Date
}
