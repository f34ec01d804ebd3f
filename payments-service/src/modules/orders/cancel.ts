import { Order } from '../../models/order.model.ts'
import type { User } from '../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/orders/customer'
import { visibleOrder } from './access.ts'
import { conflict } from './conflict.ts'
import type { OrdersServiceDeps } from './order-deps.ts'
import { transition } from './state-machine.ts'

/** The owner cancels an order still awaiting payment (staff moves: fulfilment/staff-orders). */
export async function cancel(deps: OrdersServiceDeps, customer: User, id: number): Promise<Order> {
  const now = deps.clock.now()
  return deps.db.transaction(async (trx) => {
    await visibleOrder(trx, customer, id)
    const moved = await transition(trx, {
      orderId: id,
      to: 'cancelled',
      reason: 'customer_cancel',
      actor: 'customer',
      actorUserId: customer.id,
      data: {},
      now,
    })
    if (!moved) throw conflict(MESSAGES.illegalTransition, 'illegal_transition')
    return (await Order.withId(trx, id)) as Order
  })
}
