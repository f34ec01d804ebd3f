import type { Knex } from 'knex'
import { readFrom, type TtlCache } from '../../lib/ttl-cache.ts'
import {
  PAYMENT_TYPES,
  type PaymentType,
  type PaymentTypeCode,
} from '@arzpol/contracts/catalog/payment-types'
import { PaymentTypeSetting } from '../../models/payment-type-setting.model.ts'
import { withSettings } from './payment-type-settings.ts'

/**
 * A payment type as the store serves it, with the catalog version of the copy it came from
 * (ADR 033: a quote token carries it). Never part of an answer.
 */
export interface CatalogPaymentType extends PaymentType {
  catalogVersion: number
}

/** The merged list orders and quotes read, kept in memory (payment-type-store.ts). */
export interface PaymentTypeCopy {
  version: number
  types: Map<PaymentTypeCode, CatalogPaymentType>
}

export async function loadPaymentTypes(db: Knex): Promise<PaymentTypeCopy> {
  const loaded = await PaymentTypeSetting.allWithVersion(db)
  const { version } = loaded
  const byCode = new Map(loaded.rows.map((row) => [row.payment_type, row]))
  const types = new Map(
    PAYMENT_TYPES.map((type) => [
      type.value,
      { ...withSettings(type, byCode.get(type.value)), catalogVersion: version },
    ]),
  )
  return { version, types }
}

export function paymentTypeOf(
  types: TtlCache<PaymentTypeCopy>,
  code: PaymentTypeCode,
): Promise<CatalogPaymentType> {
  return readFrom(types, (copy) => {
    const found = copy.types.get(code)
    if (!found) throw new Error(`unknown payment type ${code}`)
    return found
  })
}

export function allPaymentTypes(types: TtlCache<PaymentTypeCopy>): Promise<CatalogPaymentType[]> {
  return readFrom(types, (copy) => [...copy.types.values()])
}
