import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { Order } from '../../models/order.model.ts'
import { FINAL_STAGES } from '../orders/fulfilment/retention.ts'
import { moneyToReturnOf } from '../orders/fulfilment/money-to-return.ts'
import { ACCOUNT_CLOSING_MESSAGES as MESSAGES } from '@arzpol/contracts/users/staff'

/**
 * What keeps a customer's account open (ADR 025): a closed account never logs in again, so
 * nothing may be left that needs the customer: a cash-out not settled (we owe them rials), any
 * other order not final (it may still be paid or fulfilled), or money of theirs to return
 * (suspense, or a return on its way: the same definition as the staff's "money to return").
 * Open tickets do not count: the request to close usually is one. Called under the customer's
 * row lock, which order creation also takes (identity/limits.ts), so no order slips in.
 */
export async function refuseWhileOpen(
  trx: Knex.Transaction,
  customer: { id: number },
): Promise<void> {
  const orders = await Order.openCountsOf(trx, customer.id, FINAL_STAGES)
  if (orders && orders.payouts > 0) {
    throw new ApiError(409, MESSAGES.payoutsPending, 'payouts_pending')
  }
  if (orders && orders.open > 0) throw new ApiError(409, MESSAGES.ordersOpen, 'orders_open')
  if ((await moneyToReturnOf(trx, customer.id)).count > 0) {
    throw new ApiError(409, MESSAGES.moneyToReturn, 'money_to_return')
  }
}
