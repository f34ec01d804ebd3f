import { BankAttempt } from '../../models/bank-attempt.model.ts'
import { OrderEvent } from '../../models/order-event.model.ts'
import { Order, type OrderView } from '../../models/order.model.ts'
import type { User } from '../../models/user.model.ts'
import { visibleOrder } from './access.ts'
import { missingPayoutDetails } from './fulfilment/payout-details.ts'
import type { OrdersServiceDeps } from './order-deps.ts'
import { moneyBackOf } from './settlement/money-back.ts'

/** The customer's orders, newest first (plain rows of the columns the response shows). */
export async function list(deps: OrdersServiceDeps, user: User): Promise<OrderView[]> {
  return Order.listViewsOf(deps.db, user.id)
}

export async function detail(deps: OrdersServiceDeps, user: User, id: number) {
  const { db } = deps
  const order = await visibleOrder(db, user, id)
  const events = await OrderEvent.of(db, id)
  // Where is my money: returns of this order and money held to be returned.
  const moneyBack = await moneyBackOf(db, id)
  // A cash-out not yet with staff: what it still needs (ADR 017).
  const missing = await missingPayoutDetails(db, order)
  const bankReceipt = (await BankAttempt.receiptOf(db, id)) ?? null
  // From level 1 the bank takes one card only: the page names it when a payment failed.
  const expectedCard = (await BankAttempt.expectedCardOf(db, id)) ?? null
  return { order, events, moneyBack, missing, bankReceipt, expectedCard }
}
