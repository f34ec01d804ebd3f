import { ttlCache } from '../../lib/ttl-cache.ts'
import type { PaymentTypeCode } from '@arzpol/contracts/catalog/payment-types'
import type { PaymentTypeSettings } from '../../models/payment-type-setting.model.ts'
import { dropOnCatalogChange } from './catalog-changes.ts'
import {
  allPaymentTypes,
  loadPaymentTypes,
  paymentTypeOf,
  type CatalogPaymentType,
} from './payment-type-copy.ts'
import type { PaymentTypeContext, PaymentTypeStoreDeps } from './payment-type-deps.ts'
import {
  paymentTypeHistory,
  staffPaymentTypes,
  type PaymentTypeChangeView,
  type StaffPaymentTypeView,
} from './staff-payment-types.ts'
import { updatePaymentType } from './update-payment-type.ts'

export type { CatalogPaymentType } from './payment-type-copy.ts'
export type { PaymentTypeStoreDeps } from './payment-type-deps.ts'
export { settingsOf } from './payment-type-settings.ts'
export type { PaymentTypeChangeView, StaffPaymentTypeView } from './staff-payment-types.ts'
export { PaymentTypeLimitsError } from './update-payment-type.ts'

/**
 * Payment types as orders and quotes use them: the catalogue (labels, credentials, direction)
 * with the fees and limits admins set in `payment_type_settings` (a type without a row keeps
 * the catalogue's defaults). Quotes run on every keystroke, so the merged list is kept in
 * memory for `ttlSeconds` like the rates (lib/ttl-cache.ts: one query per TTL); an
 * update through this instance is visible at once, on other instances as soon as the change bus
 * brings its notice (ADR 033), within the TTL at worst. Orders store the fee they were charged,
 * so a change never rewrites history.
 */
export interface PaymentTypeStore {
  get(code: PaymentTypeCode): Promise<CatalogPaymentType>
  all(): Promise<CatalogPaymentType[]>
  staffList(): Promise<StaffPaymentTypeView[]>
  update(
    code: PaymentTypeCode,
    patch: Partial<PaymentTypeSettings>,
    by: { userId: number; note: string | null },
  ): Promise<StaffPaymentTypeView>
  history(code: PaymentTypeCode, limit: number): Promise<PaymentTypeChangeView[]>
  invalidate(): void
}

export function createPaymentTypeStore(deps: PaymentTypeStoreDeps): PaymentTypeStore {
  const { db } = deps
  const types = ttlCache(() => loadPaymentTypes(db), deps)
  if (deps.changes) dropOnCatalogChange(deps.changes, types)
  const context: PaymentTypeContext = { ...deps, types }

  return {
    get: (code) => paymentTypeOf(types, code),
    all: () => allPaymentTypes(types),
    staffList: () => staffPaymentTypes(db),
    update: updatePaymentType.bind(null, context),
    history: (code, limit) => paymentTypeHistory(db, code, limit),
    invalidate: () => types.invalidate(),
  }
}
