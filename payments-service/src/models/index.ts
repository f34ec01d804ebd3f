export { OtpChallenge, OTP_PURPOSES, type OtpPurpose } from './otp-challenge.model.ts'
export { RefreshToken } from './refresh-token.model.ts'
export { User, ROLES, type Role } from './user.model.ts'
export { Rate } from './rate.model.ts'
export { Payment } from './payment.model.ts'
export { PaymentEvent, ACTORS, type Actor } from './payment-event.model.ts'
export {
  GatewayTransaction,
  GATEWAY_TX_STATUSES,
  type GatewayTxStatus,
} from './gateway-transaction.model.ts'
export {
  PreparedMessage,
  Ticket,
  TicketAttachment,
  TicketCategory,
  TicketMessage,
  TICKET_STATUSES,
  type TicketStatus,
} from './ticket.model.ts'
