import { moneyBackReason } from '@arzpol/contracts'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { Refund } from '../../../models/refund.model.ts'
import type { SmsOutbox } from '../../auth/sms/outbox.ts'
import { expectedBy } from './money-back.ts'

/**
 * "Where is my money" by SMS (issue #15): when money of an order is really on its way back — the
 * bank accepted a reversal (of a payment we cannot keep, or of a staff refund), or staff opened a
 * bank transfer (for held money, or in place of a reversal the bank refused) — its owner hears
 * the amount, why, and by when, in the words of the order page. Called once per return, after
 * the transaction that recorded it committed, so a rolled-back return never sends anything. A
 * failure to send is logged and changes nothing: the order page says the same.
 */
export function createMoneyBackNotice(deps: { db: Knex; sms: SmsOutbox; logger: Logger }) {
  return async function tellMoneyBack(refundId: number): Promise<void> {
    try {
      const row = await Refund.noticeOf(deps.db, refundId)
      if (!row) return
      deps.sms.enqueueMoneyBack({
        phone: row.phone,
        orderId: row.payment_id,
        amountIrr: Number(row.amount_irr),
        reason: moneyBackReason(row.reason),
        expectedBy: expectedBy(row.method, row.created_at),
      })
    } catch (error) {
      deps.logger.error({ err: error, refundId }, 'money-back notice not sent')
    }
  }
}
