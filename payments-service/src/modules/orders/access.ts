import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { Order } from '../../models/order.model.ts'
import { isStaffRole, type User } from '../../models/user.model.ts'

export const isStaff = (user: User) => isStaffRole(user.role)

// Owner-scoped reads answer 404 for someone else's order, exactly as for a missing one, so
// order ids cannot be probed.
export const notFound = () => new ApiError(404, 'یافت نشد', 'not_found')

/**
 * The order if `user` owns it or is staff; 404 (never 403) otherwise, so ids can't be probed.
 * `lock`: a row lock, inside a transaction that will change the order.
 */
export async function visibleOrder(
  trx: Knex | Knex.Transaction,
  user: User,
  id: number,
  lock = false,
) {
  // Callers ask for the lock only inside the transaction that will change the order.
  const order = lock
    ? await Order.lockedWithId(trx as Knex.Transaction, id)
    : await Order.withId(trx, id)
  if (!order || (order.user_id !== user.id && !isStaff(user))) throw notFound()
  return order
}
