import type { PaymentTypeCode } from '@arzpol/contracts/catalog/payment-types'
import type { Knex } from 'knex'
import type { ModelObject } from 'objection'
import { newestFirst } from '../db/newest-first.ts'
import { BaseModel } from './base.model.ts'

/** The admin-editable part of a payment type. */
export type PaymentTypeSettings = Pick<
  PaymentTypeSetting,
  'fee_bps' | 'fee_fixed_irr' | 'min_amount' | 'max_amount'
>

/** A settings row with the username of whoever last changed it. */
export type PaymentTypeSettingsRow = ModelObject<PaymentTypeSetting> & {
  updated_by_username: string | null
}

/** A change row with the username of whoever made it. */
export type PaymentTypeChangeRow = ModelObject<PaymentTypeChange> & {
  changed_by_username: string | null
}

/** Fees and limits an admin set for one payment type (a type without a row keeps the defaults). */
export class PaymentTypeSetting extends BaseModel {
  static override tableName = 'payment_type_settings'
  static override idColumn = 'payment_type'

  declare payment_type: PaymentTypeCode
  declare fee_bps: number
  declare fee_fixed_irr: number
  declare min_amount: number
  declare max_amount: number
  declare updated_by_user_id: number | null
  declare updated_at: Date

  /** Every settings row, each with the username of its last editor. */
  static async allWithEditor(db: Knex): Promise<PaymentTypeSettingsRow[]> {
    return db('payment_type_settings as s')
      .leftJoin('users as u', 'u.id', 's.updated_by_user_id')
      .select<PaymentTypeSettingsRow[]>('s.*', 'u.username as updated_by_username')
  }

  /**
   * `allWithEditor` with the catalog version it reflects (ADR 033), in one statement: one
   * snapshot, so the rows hold exactly the committed changes up to that version.
   */
  static async allWithVersion(
    db: Knex,
  ): Promise<{ version: number; rows: PaymentTypeSettingsRow[] }> {
    const { rows } = (await db.raw(
      `SELECT v.version, s.*, u.username AS updated_by_username
         FROM (SELECT coalesce(max(id), 0) AS version FROM catalog_changes) v
         LEFT JOIN payment_type_settings s ON true
         LEFT JOIN users u ON u.id = s.updated_by_user_id`,
    )) as { rows: Array<{ version: number } & PaymentTypeSettingsRow> }
    return {
      version: rows[0]?.version ?? 0,
      rows: rows.flatMap(({ version: _version, ...row }) =>
        row.payment_type === null ? [] : [row as PaymentTypeSettingsRow],
      ),
    }
  }

  /** The row of `code`, locked FOR UPDATE; undefined for a type without one. */
  static async lockFor(
    trx: Knex.Transaction,
    code: PaymentTypeCode,
  ): Promise<PaymentTypeSettings | undefined> {
    return (await trx('payment_type_settings')
      .where({ payment_type: code })
      .forUpdate()
      .first()) as PaymentTypeSettings | undefined
  }

  /** Inserts the row of `code`, or overwrites it when there is one. */
  static async save(
    trx: Knex.Transaction,
    code: PaymentTypeCode,
    settings: PaymentTypeSettings,
    by: { userId: number; at: Date },
  ): Promise<void> {
    await trx('payment_type_settings')
      .insert({
        payment_type: code,
        ...settings,
        updated_by_user_id: by.userId,
        updated_at: by.at,
      })
      .onConflict('payment_type')
      .merge()
  }
}

/** Who changed which fee or limit of a payment type, from what to what (audit). */
export class PaymentTypeChange extends BaseModel {
  static override tableName = 'payment_type_changes'

  declare id: number
  declare payment_type: PaymentTypeCode
  declare old: PaymentTypeSettings
  declare new: PaymentTypeSettings
  declare changed_by_user_id: number | null
  declare note: string | null
  declare created_at: Date

  static override get jsonAttributes() {
    return ['old', 'new']
  }

  /** Writes one change row (a plain INSERT, nothing returned). */
  static async record(
    trx: Knex.Transaction,
    change: Omit<ModelObject<PaymentTypeChange>, 'id'>,
  ): Promise<void> {
    await trx('payment_type_changes').insert({
      ...change,
      old: JSON.stringify(change.old),
      new: JSON.stringify(change.new),
    })
  }

  /** The newest `limit` changes of `code`, each with the username of whoever made it. */
  static async historyOf(
    db: Knex,
    code: PaymentTypeCode,
    limit: number,
  ): Promise<PaymentTypeChangeRow[]> {
    return (await db('payment_type_changes as c')
      .leftJoin('users as u', 'u.id', 'c.changed_by_user_id')
      .where('c.payment_type', code)
      .select('c.*', 'u.username as changed_by_username')
      .orderBy(newestFirst('c'))
      .limit(limit)) as PaymentTypeChangeRow[]
  }
}
