import { GatewayTransaction } from '../../models/gateway-transaction.model.ts'
import { PaymentEvent } from '../../models/payment-event.model.ts'
import { Payment, type PaymentView } from '../../models/payment.model.ts'
import type { User } from '../../models/user.model.ts'
import { visibleOrder } from './access.ts'
import { missingPayoutDetails } from './fulfilment/payout-details.ts'
import type { PaymentsServiceDeps } from './order-deps.ts'
import { moneyBackOf } from './settlement/money-back.ts'

/** The customer's orders, newest first (plain rows of the columns the response shows). */
export async function list(deps: PaymentsServiceDeps, user: User): Promise<PaymentView[]> {
  return Payment.listViewsOf(deps.db, user.id)
}

export async function detail(deps: PaymentsServiceDeps, user: User, id: number) {
  const { db } = deps
  const payment = await visibleOrder(db, user, id)
  const events = await PaymentEvent.query(db)
    .where({ payment_id: id })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
  // Where is my money: returns of this order and money held to be returned.
  const moneyBack = await moneyBackOf(db, id)
  // A cash-out not yet with staff: what it still needs (ADR 017).
  const missing = await missingPayoutDetails(db, payment)
  const bankReceipt = (await GatewayTransaction.receiptOf(db, id)) ?? null
  // From level 1 the bank takes one card only: the page names it when a payment failed.
  const expectedCard = (await GatewayTransaction.expectedCardOf(db, id)) ?? null
  return { payment, events, moneyBack, missing, bankReceipt, expectedCard }
}
