import type { Metrics } from '../../../http/metrics.ts'
import type { SmsProvider } from './sms-provider.ts'

/** Counts every SMS the provider accepted or refused (the outbox logs the failures). */
export function countingSmsProvider(provider: SmsProvider, metrics: Metrics): SmsProvider {
  const counted =
    <A>(kind: string, send: (message: A) => Promise<void>) =>
    async (message: A) => {
      try {
        await send(message)
        metrics.sms.inc({ kind, result: 'sent' })
      } catch (error) {
        metrics.sms.inc({ kind, result: 'failed' })
        throw error
      }
    }
  const orderStatus = provider.sendOrderStatus?.bind(provider)
  const otpLocked = provider.sendOtpLocked?.bind(provider)
  const moneyBack = provider.sendMoneyBack?.bind(provider)
  const refundAccount = provider.sendRefundAccount?.bind(provider)
  const proposalWaiting = provider.sendProposalWaiting?.bind(provider)
  return {
    name: provider.name,
    sendOtp: counted('otp', (message) => provider.sendOtp(message)),
    sendTicketReply: counted('ticket_reply', (message) => provider.sendTicketReply(message)),
    ...(orderStatus && { sendOrderStatus: counted('order_status', orderStatus) }),
    ...(otpLocked && { sendOtpLocked: counted('otp_locked', otpLocked) }),
    ...(moneyBack && { sendMoneyBack: counted('money_back', moneyBack) }),
    ...(refundAccount && { sendRefundAccount: counted('refund_account', refundAccount) }),
    ...(proposalWaiting && {
      sendProposalWaiting: counted('proposal_waiting', proposalWaiting),
    }),
  }
}
