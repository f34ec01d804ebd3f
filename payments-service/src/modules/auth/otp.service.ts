import type { Knex } from 'knex'
import type { OtpPurpose } from '../../models/otp-challenge.model.ts'
import { consumeOtp } from './otp/consume-otp.ts'
import type { OtpServiceDeps } from './otp/otp-deps.ts'
import { sendOtp, type SendOtpInput } from './otp/send-otp.ts'

export type { OtpServiceDeps } from './otp/otp-deps.ts'
export {
  OTP_MAX_ATTEMPTS,
  OTP_SEND_WINDOW_MS,
  OTP_TTL_SECONDS,
  type OtpLimits,
} from './otp/otp-limits.ts'
export type { SendOtpInput } from './otp/send-otp.ts'

export interface OtpService {
  /** Returns the code so that development mode can echo it; callers never log it. */
  send(input: SendOtpInput): Promise<{ expiresIn: number; code: string }>
  /**
   * Checks a code inside the caller's transaction and uses it up when right. A wrong guess is
   * counted in the same transaction, so the caller must commit even when it then answers 400.
   * Throws 429 (`otp_locked`, `otp_ip_limited`) before looking at the code while the phone is
   * locked or the client IP is over its budget of wrong codes.
   */
  consume(
    trx: Knex.Transaction,
    input: { phone: string; purpose: OtpPurpose; code: string; clientIp: string | null },
  ): Promise<boolean>
}

/** Sending and checking the phone's one-time codes (otp/), each bound to the deps. */
export function createOtpService(deps: OtpServiceDeps): OtpService {
  return {
    send: sendOtp.bind(null, deps),
    consume: consumeOtp.bind(null, deps),
  }
}
