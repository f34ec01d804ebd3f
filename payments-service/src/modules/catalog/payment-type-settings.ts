import type { PaymentType } from '@arzpol/contracts/catalog/payment-types'
import type { PaymentTypeSettings } from '../../models/payment-type-setting.model.ts'

export const settingsOf = (type: PaymentType): PaymentTypeSettings => ({
  fee_bps: type.fee.bps,
  fee_fixed_irr: type.fee.fixed_irr,
  min_amount: type.min_amount,
  max_amount: type.max_amount,
})

/** The catalogue's type with the fees and limits of its settings row, if it has one. */
export const withSettings = (
  type: PaymentType,
  row: PaymentTypeSettings | undefined,
): PaymentType =>
  row
    ? {
        ...type,
        fee: { bps: row.fee_bps, fixed_irr: row.fee_fixed_irr },
        min_amount: row.min_amount,
        max_amount: row.max_amount,
      }
    : type
