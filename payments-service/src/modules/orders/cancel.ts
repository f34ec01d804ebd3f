import { Payment } from '../../models/payment.model.ts'
import type { User } from '../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/orders/customer'
import { visibleOrder } from './access.ts'
import { conflict } from './conflict.ts'
import type { PaymentsServiceDeps } from './order-deps.ts'
import { transition } from './state-machine.ts'

/** The owner cancels an order still awaiting payment (staff moves: fulfilment/staff-orders). */
export async function cancel(
  deps: PaymentsServiceDeps,
  customer: User,
  id: number,
): Promise<Payment> {
  const now = deps.clock.now()
  return deps.db.transaction(async (trx) => {
    await visibleOrder(trx, customer, id)
    const moved = await transition(trx, {
      paymentId: id,
      to: 'cancelled',
      reason: 'customer_cancel',
      actor: 'customer',
      actorUserId: customer.id,
      data: {},
      now,
    })
    if (!moved) throw conflict(MESSAGES.illegalTransition, 'illegal_transition')
    return (await Payment.query(trx).findById(id)) as Payment
  })
}
