import type { Knex } from 'knex'
import type { JobEngine } from '../../../jobs/engine.ts'
import { queueOfKind, SMS_QUEUE_NAMES, SMS_QUEUES, type SmsJobData } from './sms-jobs.ts'
import type {
  MoneyBackSms,
  OrderStatusSms,
  OtpLockSms,
  ProposalWaitingSms,
  RefundAccountSms,
  TicketReplySms,
} from './sms-provider.ts'

/**
 * SMS are never lost (ADR 034): each is a job of the job engine (ADR 032), written in the
 * transaction of the event that causes it, so it exists exactly when the event committed, and a
 * worker (sms-worker.ts) hands it to the vendor until the vendor took it, with retries and
 * backoff; a pod that crashes or is killed loses none. A message dies (`failed`, visible and retried by
 * staff at /staff/sms) only after every try failed.
 *
 * Timing: asking for a code must take the same time whether or not an SMS goes out (a reset
 * for an unknown phone sends none), or the delay would tell an attacker which phones have
 * accounts. So a code job and a lock-notice job are written for every phone alike, and the
 * worker decides whether to send (the challenge's `delivered`, whether the phone has an
 * account); the vendor is never called inside the request.
 */
export interface SmsOutbox {
  /** The code of an OTP challenge: sent by the worker only if the challenge is `delivered`. */
  enqueueOtp(trx: Knex.Transaction, message: { phone: string; challengeId: number }): Promise<void>
  enqueueTicketReply(trx: Knex.Transaction, message: TicketReplySms): Promise<void>
  /** Order status notices (staff moved the order); skipped by providers without a template. */
  enqueueOrderStatus(trx: Knex.Transaction, message: OrderStatusSms): Promise<void>
  /**
   * "OTP flows locked for your phone": sent by the worker only if the phone has an account;
   * skipped by providers without a template.
   */
  enqueueOtpLocked(trx: Knex.Transaction, message: OtpLockSms): Promise<void>
  /** "Money of your order is coming back"; skipped by providers without a template. */
  enqueueMoneyBack(trx: Knex.Transaction, message: MoneyBackSms): Promise<void>
  /** "Give your own account for the transfer"; skipped by providers without a template. */
  enqueueRefundAccount(trx: Knex.Transaction, message: RefundAccountSms): Promise<void>
  /** "A proposal waits for your approval", to staff; skipped by providers without a template. */
  enqueueProposalWaiting(trx: Knex.Transaction, message: ProposalWaitingSms): Promise<void>
  /**
   * Runs every SMS job that is due now, in this call (tests, which run no workers). A retry
   * waiting out its backoff is not due.
   */
  drain(): Promise<void>
}

/** The engine's calls the outbox uses; `wake` rouses this instance's worker of a queue. */
export type SmsJobSink = Pick<JobEngine, 'send' | 'runDue' | 'wake'>

export function createSmsOutbox(jobs: SmsJobSink): SmsOutbox {
  async function enqueue(trx: Knex.Transaction, data: SmsJobData): Promise<void> {
    const queue = queueOfKind(data.kind)
    await jobs.send(queue, data, { trx })
    // A code must not wait for the next poll: this instance's worker takes it once it exists.
    if (queue === SMS_QUEUES.otp) {
      trx.executionPromise.then(
        () => jobs.wake(queue),
        () => undefined,
      )
    }
  }
  const withoutKey = <T extends { localId?: string }>({ localId: _key, ...message }: T) => message
  return {
    enqueueOtp: (trx, { phone, challengeId }) => enqueue(trx, { kind: 'otp', phone, challengeId }),
    enqueueTicketReply: (trx, message) =>
      enqueue(trx, { kind: 'ticket_reply', ...withoutKey(message) }),
    enqueueOrderStatus: (trx, message) =>
      enqueue(trx, { kind: 'order_status', ...withoutKey(message) }),
    enqueueOtpLocked: (trx, message) =>
      enqueue(trx, { kind: 'otp_locked', ...withoutKey(message) }),
    enqueueMoneyBack: (trx, { expectedBy, ...message }) =>
      enqueue(trx, {
        kind: 'money_back',
        ...withoutKey(message),
        expectedBy: expectedBy ? expectedBy.toISOString() : null,
      }),
    enqueueRefundAccount: (trx, message) =>
      enqueue(trx, { kind: 'refund_account', ...withoutKey(message) }),
    enqueueProposalWaiting: (trx, message) =>
      enqueue(trx, { kind: 'proposal_waiting', ...withoutKey(message) }),
    async drain() {
      for (const queue of SMS_QUEUE_NAMES) await jobs.runDue(queue)
    },
  }
}
