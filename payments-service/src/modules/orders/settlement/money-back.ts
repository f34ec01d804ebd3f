import type { Knex } from 'knex'
import { Refund } from '../../../models/refund.model.ts'

/**
 * "Where is my money" (ADR 014): the customer's view of the money of one order that is coming
 * back, or is held to be returned. One query: the order's refunds (a return the bank refused is
 * left out: the money went back to suspense and shows as held, or a manual refund replaced it),
 * and each bank payment of the order whose money sits in suspense with no return open yet.
 *
 * `expected_by` is a promise kept simple: a bank reversal within 1 day of the request, a bank
 * transfer by staff within 3 working days (Fridays, the Iranian weekend, do not count). Held money
 * has no date until staff start its return; a finished return has none.
 */

export interface MoneyBack {
  amount_irr: number
  status: 'held' | 'requested' | 'pending' | 'done'
  reason: string | null
  /** The bank's tracking number of a transfer, once staff recorded it. */
  reference: string | null
  created_at: Date
  expected_by: Date | null
  settled_at: Date | null
}

const DAY_MS = 86_400_000
const TEHRAN_OFFSET_MS = 3.5 * 3_600_000

/** `days` working days after `from`: each Friday (Tehran calendar) on the way is skipped. */
export function addWorkingDays(from: Date, days: number): Date {
  let at = from.getTime()
  let left = days
  while (left > 0) {
    at += DAY_MS
    if (new Date(at + TEHRAN_OFFSET_MS).getUTCDay() !== 5) left -= 1
  }
  return new Date(at)
}

export function expectedBy(method: 'gateway_reverse' | 'manual', createdAt: Date): Date {
  return method === 'manual' ? addWorkingDays(createdAt, 3) : new Date(createdAt.getTime() + DAY_MS)
}

export async function moneyBackOf(
  db: Knex | Knex.Transaction,
  orderId: number,
): Promise<MoneyBack[]> {
  const rows = await Refund.moneyBackRowsOf(db, orderId)
  return rows.map((row) => ({
    amount_irr: Number(row.amount_irr),
    status: row.status,
    reason: row.reason,
    reference: row.reference,
    created_at: row.created_at,
    expected_by:
      row.kind === 'refund' && row.method && row.status !== 'done'
        ? expectedBy(row.method, row.created_at)
        : null,
    settled_at: row.settled_at,
  }))
}
