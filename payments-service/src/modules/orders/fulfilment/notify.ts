import type { Knex } from 'knex'
import type { SmsOutbox } from '../../auth/sms/outbox.ts'
import { statusOf, type Stage } from '../state-machine.ts'

/** How the SMS names the order's new state (the words web's order pages use). */
export const STAGE_SMS_LABELS: Record<Stage, string> = {
  awaiting_payment: 'در انتظار پرداخت است',
  awaiting_payout_details: 'در انتظار شماره شبا یا مدارک درآمد است',
  paid: 'پرداخت شد',
  in_progress: 'در حال انجام است',
  done: 'انجام شد',
  payment_failed: 'پرداخت نشد',
  expired: 'منقضی شد',
  rejected: 'رد شد',
  cancelled: 'لغو شد',
  refunded: 'لغو و مبلغ آن بازگردانده شد',
}

/**
 * Tells the customer by SMS when a staff action changed their order's status (the spec's four:
 * pending, processing, completed, failed); moves within one status (paid → in_progress) stay
 * quiet. Called inside the move's transaction: the SMS is a job of it, so a rolled-back move
 * never sends anything and a committed one is never lost. The text names the order number and
 * its new state only: no amounts, notes or credentials.
 */
export async function notifyStatusChange(
  trx: Knex.Transaction,
  sms: SmsOutbox,
  change: { phone: string; orderId: number; from: Stage; to: Stage },
): Promise<boolean> {
  if (statusOf(change.from) === statusOf(change.to)) return false
  await sms.enqueueOrderStatus(trx, {
    phone: change.phone,
    orderId: change.orderId,
    statusLabel: STAGE_SMS_LABELS[change.to],
  })
  return true
}
