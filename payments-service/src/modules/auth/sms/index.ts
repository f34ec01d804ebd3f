import type { Logger } from 'pino'
import type { AppConfig } from '../../../config/env.ts'
import { createConsoleSmsProvider } from './console.ts'
import { createKavenegarSmsProvider } from './kavenegar.ts'
import type { SmsProvider } from './sms-provider.ts'

export { createSmsOutbox, type SmsOutbox } from './outbox.ts'
export { registerSmsWorkers } from './sms-worker.ts'
export type * from './sms-provider.ts'

/** What customers miss while an optional Kavenegar template is not set (a warning at start). */
const WITHOUT_TEMPLATE = {
  KAVENEGAR_ORDER_STATUS_TEMPLATE: 'customers get no SMS when staff move their order',
  KAVENEGAR_OTP_LOCK_TEMPLATE: 'owners get no SMS when too many wrong codes lock their phone',
  KAVENEGAR_MONEY_BACK_TEMPLATE: 'customers get no SMS when money of their order comes back',
  KAVENEGAR_REFUND_ACCOUNT_TEMPLATE:
    'customers get no SMS asking for their account when money goes back by transfer',
  KAVENEGAR_TICKET_REPLY_TEMPLATE: 'customers get no SMS when support answers a ticket',
  KAVENEGAR_PROPOSAL_TEMPLATE: 'staff get no SMS when a colleague proposes a payout or refund',
} as const

/** The configured vendor; env.ts already refused kavenegar without its key and template. */
export function createSmsProvider(config: AppConfig, logger: Logger): SmsProvider {
  if (
    config.SMS_PROVIDER === 'kavenegar' &&
    config.KAVENEGAR_API_KEY &&
    config.KAVENEGAR_TEMPLATE
  ) {
    for (const [name, without] of Object.entries(WITHOUT_TEMPLATE)) {
      if (config[name as keyof typeof WITHOUT_TEMPLATE]) continue
      logger.warn(`${name} is not set: ${without}`)
    }
    return createKavenegarSmsProvider({
      apiKey: config.KAVENEGAR_API_KEY,
      template: config.KAVENEGAR_TEMPLATE,
      ticketReplyTemplate: config.KAVENEGAR_TICKET_REPLY_TEMPLATE,
      orderStatusTemplate: config.KAVENEGAR_ORDER_STATUS_TEMPLATE,
      otpLockTemplate: config.KAVENEGAR_OTP_LOCK_TEMPLATE,
      moneyBackTemplate: config.KAVENEGAR_MONEY_BACK_TEMPLATE,
      refundAccountTemplate: config.KAVENEGAR_REFUND_ACCOUNT_TEMPLATE,
      proposalWaitingTemplate: config.KAVENEGAR_PROPOSAL_TEMPLATE,
      baseUrl: config.KAVENEGAR_BASE_URL,
    })
  }
  return createConsoleSmsProvider(logger, config.WEBOTP_DOMAIN)
}
