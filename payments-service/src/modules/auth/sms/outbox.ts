import { maskPhone } from '@arzpol/contracts'
import type { Logger } from 'pino'
import type {
  MoneyBackSms,
  OrderStatusSms,
  OtpLockSms,
  OtpSms,
  SmsProvider,
  TicketReplySms,
} from './sms-provider.ts'

/**
 * Sends in the background: the HTTP answer to "send me a code" must take the same time whether
 * or not an SMS goes out (a reset for an unknown phone sends none), or the delay would tell an
 * attacker which phones have accounts. Failures are logged; the customer can ask again after
 * the countdown. Ticket-reply notices go the same way: a slow vendor must not slow support down.
 */
export interface SmsOutbox {
  enqueue(message: OtpSms): void
  enqueueTicketReply(message: TicketReplySms): void
  /** Order status notices (staff moved the order); skipped by providers without a template. */
  enqueueOrderStatus(message: OrderStatusSms): void
  /** "OTP flows locked for your phone" (issue 16); skipped by providers without a template. */
  enqueueOtpLocked(message: OtpLockSms): void
  /** "Money of your order is coming back" (issue 15); skipped by providers without a template. */
  enqueueMoneyBack(message: MoneyBackSms): void
  /** Resolves when every queued message was handed to the provider (shutdown, tests). */
  drain(): Promise<void>
}

export function createSmsOutbox(provider: SmsProvider, logger: Logger): SmsOutbox {
  const pending = new Set<Promise<void>>()
  const track = (phone: string, send: () => Promise<void>) => {
    const sending = send()
      .catch((error: unknown) => {
        logger.error(
          { err: error, provider: provider.name, sms_to: maskPhone(phone) },
          'sms delivery failed',
        )
      })
      .finally(() => pending.delete(sending))
    pending.add(sending)
  }
  return {
    enqueue(message) {
      track(message.phone, () => provider.sendOtp(message))
    },
    enqueueTicketReply(message) {
      track(message.phone, () => provider.sendTicketReply(message))
    },
    enqueueOrderStatus(message) {
      track(message.phone, async () => provider.sendOrderStatus?.(message))
    },
    enqueueOtpLocked(message) {
      track(message.phone, async () => provider.sendOtpLocked?.(message))
    },
    enqueueMoneyBack(message) {
      track(message.phone, async () => provider.sendMoneyBack?.(message))
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending)
    },
  }
}
