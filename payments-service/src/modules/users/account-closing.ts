import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { FINAL_STAGES } from '../orders/fulfilment/retention.ts'
import { listMoneyToReturn } from '../orders/fulfilment/money-to-return.ts'
import { ACCOUNT_CLOSING_MESSAGES as MESSAGES } from '@arzpol/contracts/users/staff'

/**
 * What keeps a customer's account open (issue 18): a closed account never logs in again, so
 * nothing may be left that needs the customer: a cash-out not settled (we owe them rials), any
 * other order not final (it may still be paid or fulfilled), or money of theirs to return
 * (suspense, or a return on its way: the same definition as the staff's "money to return").
 * Open tickets do not count: the request to close usually is one. Called under the customer's
 * row lock, which order creation also takes (identity/limits.ts), so no order slips in.
 */
export async function refuseWhileOpen(
  trx: Knex.Transaction,
  customer: { id: number; phone: string },
): Promise<void> {
  const [orders] = (await trx('payments')
    .where({ user_id: customer.id })
    .whereNotIn('stage', FINAL_STAGES)
    .select(
      trx.raw(`count(*) FILTER (WHERE payment_type = 'payout')::int AS payouts`),
      trx.raw('count(*)::int AS open'),
    )) as Array<{ payouts: number; open: number }>
  if (orders && orders.payouts > 0) {
    throw new ApiError(409, MESSAGES.payoutsPending, 'payouts_pending')
  }
  if (orders && orders.open > 0) throw new ApiError(409, MESSAGES.ordersOpen, 'orders_open')
  const toReturn = await listMoneyToReturn(trx)
  if (toReturn.results.some((item) => item.customer_phone === customer.phone)) {
    throw new ApiError(409, MESSAGES.moneyToReturn, 'money_to_return')
  }
}
