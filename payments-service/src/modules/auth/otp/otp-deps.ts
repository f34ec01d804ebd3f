import type { Knex } from 'knex'
import type { Clock } from '../../../lib/clock.ts'
import type { OtpCodes } from '../otp-code.ts'
import type { OtpGuard } from '../otp-guard.ts'
import type { SmsOutbox } from '../sms/outbox.ts'
import type { OtpLimits } from './otp-limits.ts'

// Kept apart from otp.service.ts, which imports the use cases, so that they can name this type
// without an import cycle.

export interface OtpServiceDeps {
  db: Knex
  clock: Clock
  codes: OtpCodes
  sms: SmsOutbox
  limits: OtpLimits
  /** Failed-code budgets per phone and per IP (otp-guard.ts). */
  guard: OtpGuard
}
