export { OtpChallenge, OTP_PURPOSES, type OtpPurpose } from './otp-challenge.model.ts'
export { RefreshToken } from './refresh-token.model.ts'
export { User, ROLES, type Role } from './user.model.ts'
export { Rate } from './rate.model.ts'
export { Order } from './order.model.ts'
export { OrderEvent, ACTORS, type Actor } from './order-event.model.ts'
export { BankAttempt, GATEWAY_TX_STATUSES, type GatewayTxStatus } from './bank-attempt.model.ts'
export {
  PreparedMessage,
  Ticket,
  TicketAttachment,
  TicketCategory,
  TicketMessage,
  TICKET_STATUSES,
  type TicketStatus,
} from './ticket.model.ts'
export { StaffSecondFactor, StaffRecoveryCode } from './staff-second-factor.model.ts'
export { StaffEnrolmentLink } from './staff-enrolment-link.model.ts'
export { LoginAttempt } from './login-attempt.model.ts'
export { OtpFailure, OtpLock } from './otp-failure.model.ts'
export { UserAudit } from './user-audit.model.ts'
export { CustomerIdentity } from './customer-identity.model.ts'
export { CustomerCard } from './customer-card.model.ts'
export { IdentityInquiry } from './identity-inquiry.model.ts'
export { IdentityInquiryCharge } from './identity-inquiry-charge.model.ts'
export { IdentityDocument } from './identity-document.model.ts'
export { IdentityReview, IdentityReviewAudit } from './identity-review.model.ts'
export { IdentityLevel, IdentityLevelChange } from './identity-level.model.ts'
export { OrderDocument } from './order-document.model.ts'
export { IdempotencyKey } from './idempotency-key.model.ts'
export { Refund } from './refund.model.ts'
export { LedgerAccount, JournalEntry, Posting } from './ledger.model.ts'
export { PaymentTypeSetting, PaymentTypeChange } from './payment-type-setting.model.ts'
export { StaffAuditEntry } from './staff-audit-entry.model.ts'
export { StaffProposal } from './staff-proposal.model.ts'
export { CatalogChange } from './catalog-change.model.ts'
