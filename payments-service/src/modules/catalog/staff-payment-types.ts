import type { Knex } from 'knex'
import {
  PAYMENT_TYPES,
  type PaymentType,
  type PaymentTypeCode,
} from '@arzpol/contracts/catalog/payment-types'
import {
  PaymentTypeChange,
  PaymentTypeSetting,
  type PaymentTypeSettings,
  type PaymentTypeSettingsRow as SettingsRow,
} from '../../models/payment-type-setting.model.ts'
import { withSettings } from './payment-type-settings.ts'
import { userRefOf, type UserRefOut } from '../users/user-ref.ts'

export interface StaffPaymentTypeView extends PaymentType {
  updated_at: Date | null
  updated_by: UserRefOut | null
}

export interface PaymentTypeChangeView {
  id: number
  payment_type: PaymentTypeCode
  old: PaymentTypeSettings
  new: PaymentTypeSettings
  changed_by: UserRefOut | null
  note: string | null
  created_at: Date
}

const staffView = (type: PaymentType, row: SettingsRow | undefined): StaffPaymentTypeView => ({
  ...withSettings(type, row),
  updated_at: row?.updated_at ?? null,
  updated_by: userRefOf(row?.updated_by_user_id, row?.updated_by_username),
})

/** Every type with its fees and limits and who last changed them, read from the database. */
export async function staffPaymentTypes(
  runner: Knex | Knex.Transaction,
): Promise<StaffPaymentTypeView[]> {
  const rows = await PaymentTypeSetting.allWithEditor(runner)
  const byCode = new Map(rows.map((row) => [row.payment_type, row]))
  return PAYMENT_TYPES.map((type) => staffView(type, byCode.get(type.value)))
}

export async function paymentTypeHistory(
  db: Knex,
  code: PaymentTypeCode,
  limit: number,
): Promise<PaymentTypeChangeView[]> {
  const found = await PaymentTypeChange.historyOf(db, code, limit)
  return found.map((row) => ({
    id: row.id,
    payment_type: row.payment_type,
    old: row.old,
    new: row.new,
    changed_by: userRefOf(row.changed_by_user_id, row.changed_by_username),
    note: row.note,
    created_at: row.created_at,
  }))
}
