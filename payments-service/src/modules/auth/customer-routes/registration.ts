import { ValidationError } from '../../../http/errors.ts'
import { created, ok, reply, routeGroup, type Api } from '../../../http/route.ts'
import { clientIpOf } from '../../../http/client-ip.ts'
import {
  MESSAGES,
  OtpSendBody,
  OtpSendResponse,
  RegisterBody,
  TokenPair,
} from '@arzpol/contracts/auth/customer'
import { invalidCode, type AuthRouteDeps } from './auth-route-deps.ts'

/** A code sent to a phone, and the account that code lets its holder register. */
export function registerRegistrationRoutes(
  api: Api,
  { deps, otp, accounts }: Pick<AuthRouteDeps, 'deps' | 'otp' | 'accounts'>,
) {
  const anyone = routeGroup(api, { tags: ['auth'] })

  anyone.post('/api/auth/otp/send/', {
    operationId: 'auth_otp_send',
    summary: 'Send a 4-digit verification code by SMS',
    description:
      'The answer is the same whether or not the phone has an account. A new code can be asked for once the previous one expired (`expires_in`), within hourly limits per phone and per client IP.',
    body: OtpSendBody,
    responses: ok('Code sent', OtpSendResponse),
    errors: [429],
    handler: async (ctx, { body }) => {
      const sent = await otp.send({ ...body, clientIp: clientIpOf(ctx) })
      return reply(200, {
        expires_in: sent.expiresIn,
        ...(deps.config.OTP_DEV_CODES && { dev_code: sent.code }),
      })
    },
  })

  anyone.post('/api/auth/register/', {
    operationId: 'auth_register',
    summary: 'Create an account with a phone, a password and the code sent to the phone',
    description:
      'Wrong codes count against the phone across codes (OTP_FAILURE_BUDGET_PER_PHONE in OTP_FAILURE_WINDOW_HOURS; then register and reset are locked for OTP_LOCK_HOURS: 429 `otp_locked`) and against the client IP (429 `otp_ip_limited`).',
    body: RegisterBody,
    responses: created('Registered and signed in', TokenPair),
    errors: [429],
    handler: async (ctx, { body }) => {
      const result = await accounts.register({ ...body, clientIp: clientIpOf(ctx) })
      if (result.kind === 'bad_code') throw invalidCode()
      if (result.kind === 'phone_taken') throw ValidationError.field('phone', MESSAGES.phoneTaken)
      return reply(201, result.tokens)
    },
  })
}
