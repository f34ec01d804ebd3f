import type { AppDeps } from '../../../http/context.ts'
import { ValidationError } from '../../../http/errors.ts'
import type { AccountService } from '../account.service.ts'
import { MESSAGES } from '@arzpol/contracts/auth/customer'
import type { OtpService } from '../otp.service.ts'
import type { SessionService } from '../session.service.ts'

// Kept apart from customer.routes.ts, which imports the route groups, so that they can name
// these without an import cycle.

export interface AuthRouteDeps {
  deps: AppDeps
  otp: OtpService
  accounts: AccountService
  sessions: SessionService
}

export const invalidCode = () => ValidationError.field('code', MESSAGES.invalidCode)
