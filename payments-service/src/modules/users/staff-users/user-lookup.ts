import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import { Order } from '../../../models/order.model.ts'
import { StaffSecondFactor } from '../../../models/staff-second-factor.model.ts'
import { Ticket } from '../../../models/ticket.model.ts'
import { UserAudit } from '../../../models/user-audit.model.ts'
import { isStaffRole, User } from '../../../models/user.model.ts'
import { summaryBody } from '../../orders/fulfilment/staff-order-view.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import type { UserQueryInput } from '@arzpol/contracts/users/staff'
import type { StaffUserDeps } from './staff-user-deps.ts'
import { userBody } from './user-body.ts'
import { ticketSummary } from '@arzpol/contracts/tickets/staff'
import { userRefOf } from '../user-ref.ts'

const RECENT = 50

export const userNotFound = () => new ApiError(404, STAFF_MESSAGES.userNotFound, 'not_found')

/** A page of accounts as staff search them. */
export async function listUsers({ db }: StaffUserDeps, query: UserQueryInput) {
  const { count, rows } = await User.pageForStaff(db, query, query)
  return { count, results: rows.map(userBody) }
}

/** One account with its recent orders, tickets and audit, read through `runner`. */
export async function userDetail(
  { db }: StaffUserDeps,
  id: number,
  runner: Knex | Knex.Transaction = db,
) {
  const user = await User.staffRowOf(runner, id)
  if (!user) throw userNotFound()
  const [orders, orderCount, tickets, ticketCount, audit, factor] = await Promise.all([
    Order.recentSummariesOf(runner, id, RECENT),
    Order.countOf(runner, id),
    Ticket.recentOf(runner, id, RECENT),
    Ticket.countOf(runner, id),
    UserAudit.recentOf(runner, id, RECENT),
    isStaffRole(user.role) ? StaffSecondFactor.ofUser(runner, id) : undefined,
  ])
  return {
    ...userBody(user),
    second_factor_enrolled: isStaffRole(user.role) ? Boolean(factor?.confirmed_at) : null,
    orders: orders.map(summaryBody),
    orders_count: orderCount,
    tickets: tickets.map(ticketSummary),
    tickets_count: ticketCount,
    audit: audit.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actor: userRefOf(entry.actor_user_id, entry.actor_username),
      note: entry.note,
      created_at: entry.created_at,
    })),
  }
}
