import { getShebaInfo } from '@persian-tools/persian-tools'
import { MESSAGES } from '@arzpol/contracts/orders/customer'
import { Order } from '../../../models/order.model.ts'
import type { User } from '../../../models/user.model.ts'
import { notFound, visibleOrder } from '../access.ts'
import { conflict } from '../conflict.ts'
import { assertOwnSheba } from '../fulfilment/payout-details.ts'
import type { OrdersServiceDeps } from '../order-deps.ts'
import { recordEvent } from '../state-machine.ts'
import { moneyBackOf } from './money-back.ts'

/**
 * The account money of an order goes back to when the bank will not reverse it (ADR 038):
 * staff return such money by a bank transfer, and a transfer needs an account of the customer's
 * own. The customer gives it on the order page while money of the order is held or waits for a
 * transfer. From identity level 1 its owner is asked against their national code at once
 * (409 `sheba_not_owner`, as for a cash-out); below level 1 nobody can ask, so it is kept
 * unchecked and staff check the owner by hand before they transfer.
 */

/** The event that records an account given, audit only: the customer's timeline leaves it out. */
export const REFUND_ACCOUNT_GIVEN = 'refund_account_given'

/** Money of the order that a bank reversal will not bring back to the paying card. */
const byTransfer = (status: string) => status === 'held' || status === 'pending'

/** Whether money of the order waits for a transfer (held, or a transfer staff opened). */
export async function transferDue(db: OrdersServiceDeps['db'], orderId: number) {
  return (await moneyBackOf(db, orderId)).some((item) => byTransfer(item.status))
}

export async function setRefundAccount(
  deps: OrdersServiceDeps,
  user: User,
  id: number,
  sheba: string,
  clientIp: string | null = null,
): Promise<RefundAccount> {
  const { db, clock } = deps
  // Someone else's order is 404 before any owner question is paid for.
  const order = await visibleOrder(db, user, id)
  if (order.user_id !== user.id) throw notFound()
  if (!(await transferDue(db, id))) throw conflict(MESSAGES.noTransferDue, 'no_transfer_due')
  // The provider may take seconds: asked before the order's row is locked.
  const checked = await assertOwnSheba(db, deps.ownership.fromAddress(clientIp), user.id, sheba)
  return db.transaction(async (trx) => {
    const locked = await visibleOrder(trx, user, id, true)
    const now = clock.now()
    await Order.setRefundSheba(trx, id, sheba, checked ? now : null, now)
    await recordEvent(trx, {
      orderId: id,
      from: locked.stage,
      to: locked.stage,
      reason: REFUND_ACCOUNT_GIVEN,
      actor: 'customer',
      actorUserId: user.id,
      data: { owner_checked: checked },
      now,
    })
    return accountView(sheba, checked)
  })
}

/** The account as the customer's answers show it. */
export interface RefundAccount {
  sheba: string
  bank_name: string | null
  owner_checked: boolean
}

const accountView = (sheba: string, ownerChecked: boolean): RefundAccount => ({
  sheba,
  bank_name: getShebaInfo(sheba)?.persianName ?? null,
  owner_checked: ownerChecked,
})

/** The order's account for a transfer; null until one is given. */
export const refundAccountOf = (
  order: Pick<Order, 'refund_sheba' | 'refund_sheba_checked_at'>,
): RefundAccount | null =>
  order.refund_sheba
    ? accountView(order.refund_sheba, order.refund_sheba_checked_at !== null)
    : null
