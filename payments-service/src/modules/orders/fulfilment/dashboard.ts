import type { Knex } from 'knex'
import type { Clock } from '../../../lib/clock.ts'
import { tehranDayBounds, tehranDayOf } from '../../../lib/tehran-day.ts'

/**
 * The numbers on top of the staff pages: open orders per stage, tickets waiting for a reply,
 * and today's paid volume (orders whose bank payment was verified today, Tehran time), in
 * rials. Three small aggregate queries on indexed columns.
 */
export async function staffDashboard(db: Knex, clock: Clock) {
  const day = tehranDayOf(clock.now())
  const { start, end } = tehranDayBounds(day)
  const [stages, [tickets], [paid]] = await Promise.all([
    db('payments')
      .whereIn('stage', ['awaiting_payment', 'paid', 'in_progress'])
      .groupBy('stage')
      .select('stage')
      .count<Array<{ stage: string; count: string | number }>>('* as count'),
    db('tickets')
      .where({ status: 'open', last_message_by_staff: false })
      .count<Array<{ count: string | number }>>('* as count'),
    db('payments')
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end)
      .select(
        db.raw('COALESCE(SUM(amount_irr), 0)::bigint AS total'),
        db.raw('COUNT(*)::bigint AS count'),
      ) as Promise<Array<{ total: number; count: number }>>,
  ])
  const waiting = { awaiting_payment: 0, paid: 0, in_progress: 0 }
  for (const row of stages) waiting[row.stage as keyof typeof waiting] = Number(row.count)
  return {
    orders_waiting: waiting,
    tickets_waiting: Number(tickets?.count ?? 0),
    today_paid_irr: Number(paid?.total ?? 0),
    today_paid_count: Number(paid?.count ?? 0),
    day,
  }
}
