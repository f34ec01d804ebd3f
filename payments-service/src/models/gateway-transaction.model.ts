import { BaseModel } from './base.model.ts'

export const GATEWAY_TX_STATUSES = [
  'created',
  'token_created',
  'verified',
  'failed',
  'reversed',
] as const
export type GatewayTxStatus = (typeof GATEWAY_TX_STATUSES)[number]

/** One attempt to pay an order at a bank gateway. */
export class GatewayTransaction extends BaseModel {
  static override tableName = 'gateway_transactions'

  declare id: number
  declare payment_id: number
  declare gateway: 'sandbox' | 'sep'
  declare res_num: string
  declare token: string | null
  declare amount_irr: number
  declare status: GatewayTxStatus
  declare ref_num: string | null
  declare rrn: string | null
  declare trace_no: string | null
  declare masked_pan: string | null
  declare failure: string | null
  declare raw: Record<string, unknown>
  declare verified_at: Date | null
  declare created_at: Date
  declare updated_at: Date

  static override get jsonAttributes() {
    return ['raw']
  }
}
