import type { Logger } from 'pino'
import {
  moneyBackSmsText,
  orderStatusSmsText,
  otpLockedSmsText,
  otpSmsText,
  proposalWaitingSmsText,
  refundAccountSmsText,
  ticketReplySmsText,
  type SmsProvider,
} from './sms-provider.ts'

/** Development stand-in: the message goes to the log instead of a phone. */
export function createConsoleSmsProvider(logger: Logger, webOtpDomain: string): SmsProvider {
  return {
    name: 'console',
    async sendOtp({ phone, code }) {
      logger.info({ sms_to: phone, text: otpSmsText(code, webOtpDomain) }, 'sms (console provider)')
    },
    async sendTicketReply({ phone, ticketId }) {
      logger.info({ sms_to: phone, text: ticketReplySmsText(ticketId) }, 'sms (console provider)')
    },
    async sendOrderStatus({ phone, orderId, statusLabel }) {
      logger.info(
        { sms_to: phone, text: orderStatusSmsText(orderId, statusLabel) },
        'sms (console provider)',
      )
    },
    async sendOtpLocked({ phone, hours }) {
      logger.info({ sms_to: phone, text: otpLockedSmsText(hours) }, 'sms (console provider)')
    },
    async sendMoneyBack({ phone, ...message }) {
      logger.info({ sms_to: phone, text: moneyBackSmsText(message) }, 'sms (console provider)')
    },
    async sendRefundAccount({ phone, orderId }) {
      logger.info({ sms_to: phone, text: refundAccountSmsText(orderId) }, 'sms (console provider)')
    },
    async sendProposalWaiting({ phone, proposalId }) {
      logger.info(
        { sms_to: phone, text: proposalWaitingSmsText(proposalId) },
        'sms (console provider)',
      )
    },
  }
}
