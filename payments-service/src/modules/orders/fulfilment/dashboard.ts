import type { Knex } from 'knex'
import type { Clock } from '../../../lib/clock.ts'
import { tehranDayBounds, tehranDayOf } from '../../../lib/tehran-day.ts'
import { Order } from '../../../models/order.model.ts'
import { Ticket } from '../../../models/ticket.model.ts'

/**
 * The numbers on top of the staff pages: open orders per stage, tickets waiting for a reply,
 * and today's paid volume (orders whose bank payment was verified today, Tehran time), in
 * rials. Three small aggregate queries on indexed columns.
 */
export async function staffDashboard(db: Knex, clock: Clock) {
  const day = tehranDayOf(clock.now())
  const { start, end } = tehranDayBounds(day)
  const waiting = { awaiting_payment: 0, paid: 0, in_progress: 0 }
  const [stages, tickets, paid] = await Promise.all([
    Order.countByStage(db, ['awaiting_payment', 'paid', 'in_progress']),
    Ticket.countWaitingForStaff(db),
    Order.paidBetween(db, start, end),
  ])
  for (const row of stages) waiting[row.stage as keyof typeof waiting] = row.count
  return {
    orders_waiting: waiting,
    tickets_waiting: tickets,
    today_paid_irr: paid.totalIrr,
    today_paid_count: paid.count,
    day,
  }
}
