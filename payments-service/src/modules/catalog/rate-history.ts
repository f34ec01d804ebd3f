import type { Knex } from 'knex'
import { Rate } from '../../models/rate.model.ts'
import type { Currency } from '@arzpol/contracts/catalog/currencies'
import { userRefOf, type UserRefOut } from '../users/user-ref.ts'

/** A rate as set, with who set it: the history is the audit of rate changes. */
export type RateHistoryRow = Pick<
  Rate,
  | 'id'
  | 'currency'
  | 'buy_rate_irr'
  | 'set_by_user_id'
  | 'note'
  | 'created_at'
  | 'previous_buy_rate_irr'
  | 'change_confirmed'
> & { set_by: UserRefOut | null; change_percent: number | null }

export async function rateHistory(
  db: Knex,
  currency: Currency,
  limit: number,
): Promise<RateHistoryRow[]> {
  const rows = await Rate.historyOf(db, currency, limit)
  return rows.map((row) => withSetBy(row, row.set_by_username))
}

export function withSetBy(row: Rate, username: string | null): RateHistoryRow {
  return {
    id: row.id,
    currency: row.currency,
    buy_rate_irr: row.buy_rate_irr,
    set_by_user_id: row.set_by_user_id,
    note: row.note,
    created_at: row.created_at,
    previous_buy_rate_irr: row.previous_buy_rate_irr ?? null,
    change_percent:
      row.change_bps === null || row.change_bps === undefined ? null : row.change_bps / 100,
    change_confirmed: Boolean(row.change_confirmed),
    set_by: userRefOf(row.set_by_user_id, username),
  }
}
