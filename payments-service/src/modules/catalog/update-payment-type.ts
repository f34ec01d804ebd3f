import { CatalogChange } from '../../models/catalog-change.model.ts'
import { ChangeNotice } from '../../models/change-notice.ts'
import { PAYMENT_TYPES, type PaymentTypeCode } from '@arzpol/contracts/catalog/payment-types'
import { limitsInOrder } from '@arzpol/contracts/catalog/staff'
import {
  PaymentTypeChange,
  PaymentTypeSetting,
  type PaymentTypeSettings,
} from '../../models/payment-type-setting.model.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'
import type { PaymentTypeContext } from './payment-type-deps.ts'
import { settingsOf } from './payment-type-settings.ts'
import { staffPaymentTypes, type StaffPaymentTypeView } from './staff-payment-types.ts'

export class PaymentTypeLimitsError extends Error {
  constructor() {
    super('min_amount must not exceed max_amount')
    this.name = 'PaymentTypeLimitsError'
  }
}

/**
 * An admin's change of a type's fees and limits: saved with its history, its audit and the
 * catalog change the other pods hear of; this pod's copy is dropped once it commits.
 */
export async function updatePaymentType(
  deps: PaymentTypeContext,
  code: PaymentTypeCode,
  patch: Partial<PaymentTypeSettings>,
  by: { userId: number; note: string | null },
): Promise<StaffPaymentTypeView> {
  const { db, clock, types } = deps
  const base = PAYMENT_TYPES.find((type) => type.value === code)
  if (!base) throw new Error(`unknown payment type ${code}`)
  const now = clock.now()
  const view = await db.transaction(async (trx) => {
    // Locks the row (or, for a type without one, serialises on the insert below).
    const current = await PaymentTypeSetting.lockFor(trx, code)
    const old: PaymentTypeSettings = current
      ? {
          fee_bps: current.fee_bps,
          fee_fixed_irr: current.fee_fixed_irr,
          min_amount: current.min_amount,
          max_amount: current.max_amount,
        }
      : settingsOf(base)
    const next: PaymentTypeSettings = { ...old, ...definedOnly(patch) }
    if (!limitsInOrder(next)) throw new PaymentTypeLimitsError()
    await PaymentTypeSetting.save(trx, code, next, { userId: by.userId, at: now })
    await PaymentTypeChange.record(trx, {
      payment_type: code,
      old,
      new: next,
      changed_by_user_id: by.userId,
      note: by.note,
      created_at: now,
    })
    await appendStaffAudit(trx, {
      actor: { id: by.userId },
      action: 'payment_type_changed',
      subject: { type: 'payment_type', id: code },
      data: { old, new: next, note: by.note },
      at: now,
    })
    // Every pod hears of it when this commits (ADR 033).
    const version = await CatalogChange.record(trx, { payment_type: code }, now)
    await ChangeNotice.publish(trx, { type: 'catalog', version })
    const list = await staffPaymentTypes(trx)
    return list.find((type) => type.value === code) as StaffPaymentTypeView
  })
  types.invalidate()
  return view
}

function definedOnly(patch: Partial<PaymentTypeSettings>): Partial<PaymentTypeSettings> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<PaymentTypeSettings>
}
