import { moneyBackReason } from '@arzpol/contracts'
import type { Knex } from 'knex'
import { Order } from '../../../models/order.model.ts'
import { Refund } from '../../../models/refund.model.ts'
import type { SmsOutbox } from '../../auth/sms/outbox.ts'
import { expectedBy } from './money-back.ts'

/**
 * "Where is my money" by SMS (ADR 014): when money of an order is really on its way back — the
 * bank accepted a reversal (of a payment we cannot keep, or of a staff refund), or staff opened a
 * bank transfer (for held money, or in place of a reversal the bank refused) — its owner hears
 * the amount, why, and by when, in the words of the order page. Called inside the transaction
 * that records the return, once per return: the SMS is a job of that transaction, so a
 * rolled-back return never sends anything and a committed one is never lost.
 */
export type TellMoneyBack = (trx: Knex.Transaction, refundId: number) => Promise<void>

export function createMoneyBackNotice(deps: { sms: SmsOutbox }): TellMoneyBack {
  const askForRefundAccount = createRefundAccountRequest(deps)
  return async function tellMoneyBack(trx, refundId) {
    const row = await Refund.noticeOf(trx, refundId)
    if (!row) return
    await deps.sms.enqueueMoneyBack(trx, {
      phone: row.phone,
      orderId: row.payment_id,
      amountIrr: Number(row.amount_irr),
      reason: moneyBackReason(row.reason),
      expectedBy: expectedBy(row.method, row.created_at),
    })
    // A transfer staff make needs the customer's own account.
    if (row.method === 'manual') await askForRefundAccount(trx, row.payment_id)
  }
}

/**
 * Money of the order must go back by a bank transfer (the bank refused the reversal, or there
 * is no bank payment to reverse) and a transfer needs an account of the customer's own (ADR
 * 038): unless the order already has one, its owner is asked by SMS to give it on the order
 * page. Inside the transaction that decided it, like the money-back notice.
 */
export type AskForRefundAccount = (trx: Knex.Transaction, orderId: number) => Promise<void>

export function createRefundAccountRequest(deps: { sms: SmsOutbox }): AskForRefundAccount {
  return async function askForRefundAccount(trx, orderId) {
    const row = await Order.refundAccountOf(trx, orderId)
    if (!row || row.refund_sheba) return
    await deps.sms.enqueueRefundAccount(trx, { phone: row.phone, orderId })
  }
}
