import type { Logger } from 'pino'
import type { AppConfig } from '../../../config/env.ts'
import { createConsoleSmsProvider } from './console.ts'
import { createKavenegarSmsProvider } from './kavenegar.ts'
import type { SmsProvider } from './sms-provider.ts'

export { createSmsOutbox, type SmsOutbox } from './outbox.ts'
export type {
  MoneyBackSms,
  OrderStatusSms,
  OtpLockSms,
  OtpSms,
  SmsProvider,
  TicketReplySms,
} from './sms-provider.ts'

/** The configured vendor; env.ts already refused kavenegar without its key and template. */
export function createSmsProvider(config: AppConfig, logger: Logger): SmsProvider {
  if (
    config.SMS_PROVIDER === 'kavenegar' &&
    config.KAVENEGAR_API_KEY &&
    config.KAVENEGAR_TEMPLATE
  ) {
    if (!config.KAVENEGAR_ORDER_STATUS_TEMPLATE) {
      logger.warn(
        'KAVENEGAR_ORDER_STATUS_TEMPLATE is not set: customers get no SMS when staff move their order',
      )
    }
    if (!config.KAVENEGAR_OTP_LOCK_TEMPLATE) {
      logger.warn(
        'KAVENEGAR_OTP_LOCK_TEMPLATE is not set: owners get no SMS when too many wrong codes lock their phone',
      )
    }
    if (!config.KAVENEGAR_MONEY_BACK_TEMPLATE) {
      logger.warn(
        'KAVENEGAR_MONEY_BACK_TEMPLATE is not set: customers get no SMS when money of their order comes back',
      )
    }
    if (!config.KAVENEGAR_TICKET_REPLY_TEMPLATE) {
      logger.warn(
        'KAVENEGAR_TICKET_REPLY_TEMPLATE is not set: customers get no SMS when support answers a ticket',
      )
    }
    return createKavenegarSmsProvider({
      apiKey: config.KAVENEGAR_API_KEY,
      template: config.KAVENEGAR_TEMPLATE,
      ticketReplyTemplate: config.KAVENEGAR_TICKET_REPLY_TEMPLATE,
      orderStatusTemplate: config.KAVENEGAR_ORDER_STATUS_TEMPLATE,
      otpLockTemplate: config.KAVENEGAR_OTP_LOCK_TEMPLATE,
      moneyBackTemplate: config.KAVENEGAR_MONEY_BACK_TEMPLATE,
      baseUrl: config.KAVENEGAR_BASE_URL,
    })
  }
  return createConsoleSmsProvider(logger, config.WEBOTP_DOMAIN)
}
