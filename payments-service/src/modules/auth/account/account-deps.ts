import type { Knex } from 'knex'
import type { Clock } from '../../../lib/clock.ts'
import type { LoginThrottle } from '../login-throttle.ts'
import type { OtpService } from '../otp.service.ts'
import type { PasswordHasher } from '../password.ts'
import type { SecondFactorService } from '../second-factor.ts'
import type { SessionService } from '../session.service.ts'

// Kept apart from account.service.ts, which imports the use cases, so that they can name this
// type without an import cycle.

export interface AccountServiceDeps {
  db: Knex
  clock: Clock
  otp: OtpService
  passwords: PasswordHasher
  sessions: SessionService
  throttle: LoginThrottle
  /** Staff (support, admin) finish signing in with a second factor (second-factor.ts). */
  secondFactor: Pick<SecondFactorService, 'challengeFor'>
}
