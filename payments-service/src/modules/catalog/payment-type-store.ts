import type { Knex } from 'knex'
import type { Clock } from '../../lib/clock.ts'
import { readFrom, ttlCache } from '../../lib/ttl-cache.ts'
import {
  PAYMENT_TYPES,
  type PaymentType,
  type PaymentTypeCode,
} from '@arzpol/contracts/catalog/payment-types'
import { limitsInOrder } from '@arzpol/contracts/catalog/staff'
import {
  PaymentTypeChange,
  PaymentTypeSetting,
  type PaymentTypeSettings,
  type PaymentTypeSettingsRow as SettingsRow,
} from '../../models/payment-type-setting.model.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'

export interface StaffPaymentTypeView extends PaymentType {
  updated_at: Date | null
  updated_by: { id: number; username: string } | null
}

export interface PaymentTypeChangeView {
  id: number
  payment_type: PaymentTypeCode
  old: PaymentTypeSettings
  new: PaymentTypeSettings
  changed_by: { id: number; username: string } | null
  note: string | null
  created_at: Date
}

export const settingsOf = (type: PaymentType): PaymentTypeSettings => ({
  fee_bps: type.fee.bps,
  fee_fixed_irr: type.fee.fixed_irr,
  min_amount: type.min_amount,
  max_amount: type.max_amount,
})

const withSettings = (type: PaymentType, row: PaymentTypeSettings | undefined): PaymentType =>
  row
    ? {
        ...type,
        fee: { bps: row.fee_bps, fixed_irr: row.fee_fixed_irr },
        min_amount: row.min_amount,
        max_amount: row.max_amount,
      }
    : type

/**
 * Payment types as orders and quotes use them: the catalogue (labels, credentials, direction)
 * with the fees and limits admins set in `payment_type_settings` (a type without a row keeps
 * the catalogue's defaults). Quotes run on every keystroke, so the merged list is kept in
 * memory for `ttlSeconds` like the rates (lib/ttl-cache.ts: one query per TTL); an
 * update through this instance is visible at once, on other instances within the TTL. Orders
 * store the fee they were charged, so a change never rewrites history.
 */
export interface PaymentTypeStore {
  get(code: PaymentTypeCode): Promise<PaymentType>
  all(): Promise<PaymentType[]>
  staffList(): Promise<StaffPaymentTypeView[]>
  update(
    code: PaymentTypeCode,
    patch: Partial<PaymentTypeSettings>,
    by: { userId: number; note: string | null },
  ): Promise<StaffPaymentTypeView>
  history(code: PaymentTypeCode, limit: number): Promise<PaymentTypeChangeView[]>
  invalidate(): void
}

export class PaymentTypeLimitsError extends Error {
  constructor() {
    super('min_amount must not exceed max_amount')
    this.name = 'PaymentTypeLimitsError'
  }
}

export function createPaymentTypeStore(deps: {
  db: Knex
  clock: Clock
  ttlSeconds: number
}): PaymentTypeStore {
  const { db, clock } = deps
  const rows = (trx: Knex | Knex.Transaction = db) => PaymentTypeSetting.allWithEditor(trx)

  async function load(): Promise<Map<PaymentTypeCode, PaymentType>> {
    const byCode = new Map((await rows()).map((row) => [row.payment_type, row]))
    return new Map(
      PAYMENT_TYPES.map((type) => [type.value, withSettings(type, byCode.get(type.value))]),
    )
  }
  const types = ttlCache(load, deps)

  const staffView = (type: PaymentType, row: SettingsRow | undefined): StaffPaymentTypeView => ({
    ...withSettings(type, row),
    updated_at: row?.updated_at ?? null,
    updated_by:
      row && row.updated_by_user_id !== null
        ? { id: row.updated_by_user_id, username: row.updated_by_username ?? '' }
        : null,
  })

  async function staffList(trx: Knex | Knex.Transaction = db) {
    const byCode = new Map((await rows(trx)).map((row) => [row.payment_type, row]))
    return PAYMENT_TYPES.map((type) => staffView(type, byCode.get(type.value)))
  }

  return {
    get(code) {
      return readFrom(types, (map) => {
        const found = map.get(code)
        if (!found) throw new Error(`unknown payment type ${code}`)
        return found
      })
    },
    all() {
      return readFrom(types, (map) => [...map.values()])
    },
    staffList: () => staffList(),
    async update(code, patch, by) {
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
        const list = await staffList(trx)
        return list.find((type) => type.value === code) as StaffPaymentTypeView
      })
      types.invalidate()
      return view
    },
    async history(code, limit) {
      const found = await PaymentTypeChange.historyOf(db, code, limit)
      return found.map((row) => ({
        id: row.id,
        payment_type: row.payment_type,
        old: row.old,
        new: row.new,
        changed_by:
          row.changed_by_user_id !== null
            ? { id: row.changed_by_user_id, username: row.changed_by_username ?? '' }
            : null,
        note: row.note,
        created_at: row.created_at,
      }))
    },
    invalidate() {
      types.invalidate()
    },
  }
}

function definedOnly(patch: Partial<PaymentTypeSettings>): Partial<PaymentTypeSettings> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<PaymentTypeSettings>
}
