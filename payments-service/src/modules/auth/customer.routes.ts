import type { z } from 'zod'
import type { AppDeps } from '../../http/context.ts'
import { ApiError, tokenNotValid, ValidationError } from '../../http/errors.ts'
import { created, noContent, ok, reply, routeGroup, type Api } from '../../http/route.ts'
import { clientIpOf } from '../../http/client-ip.ts'
import { currentSession } from '../../http/middlewares/auth.ts'
import type { AccountService } from './account.service.ts'
import {
  Detail,
  Jwks,
  LoginBody,
  MESSAGES,
  OtpSendBody,
  OtpSendResponse,
  PasswordChangeBody,
  PasswordResetBody,
  RefreshBody,
  RegisterBody,
  TokenPair,
} from '@arzpol/contracts/auth/customer'
import { SECOND_FACTOR_MESSAGES, SecondFactorChallenge } from '@arzpol/contracts/auth/staff'
import type { OtpService } from './otp.service.ts'
import type { SessionService } from './session.service.ts'

export interface AuthRouteDeps {
  deps: AppDeps
  otp: OtpService
  accounts: AccountService
  sessions: SessionService
}

const invalidCode = () => ValidationError.field('code', MESSAGES.invalidCode)

export function registerAuthRoutes(api: Api, { deps, otp, accounts, sessions }: AuthRouteDeps) {
  const anyone = routeGroup(api, { tags: ['auth'] })
  const signedIn = routeGroup(api, { tags: ['auth'], auth: 'user' })

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

  anyone.post('/api/auth/login/', {
    operationId: 'auth_login',
    summary: 'Sign in with a phone (or username) and password',
    description:
      "Failed sign-ins are limited per phone/username and per client IP over a rolling window (429 `login_rate_limited` with `retry_after`, answered before the password is checked, also with the right password, and the same whether or not the account exists). A successful sign-in or a password reset clears the account's count.",
    body: LoginBody,
    responses: {
      200: { description: 'Signed in', schema: TokenPair },
      202: {
        description:
          'Staff (support, admin) only: the password was right and a second factor is needed. No tokens: `challenge` goes to `/api/auth/second-factor/…` (enrolment on the first sign-in, `second_factor_enrolment_required`; a code otherwise, `second_factor_required`).',
        schema: SecondFactorChallenge,
      },
    },
    errors: [401, 403, 429],
    handler: async (ctx, { body }) => {
      const result = await accounts.login({ ...body, clientIp: clientIpOf(ctx) })
      if (result.kind === 'bad_credentials') {
        throw new ApiError(401, MESSAGES.badCredentials, 'invalid_credentials')
      }
      if (result.kind === 'blocked') throw new ApiError(403, MESSAGES.blocked, 'account_blocked')
      if (result.kind === 'second_factor') {
        return reply(202, {
          detail: result.enrolled
            ? SECOND_FACTOR_MESSAGES.codeRequired
            : SECOND_FACTOR_MESSAGES.enrolmentRequired,
          code: result.enrolled
            ? ('second_factor_required' as const)
            : ('second_factor_enrolment_required' as const),
          challenge: result.challenge,
          expires_in: result.expiresIn,
        })
      }
      return reply(200, result.tokens)
    },
  })

  anyone.post('/api/auth/password/reset/', {
    operationId: 'auth_password_reset',
    summary: 'Set a new password with a code sent for purpose `reset`',
    description:
      'Signs the account out everywhere: every refresh token of the user is revoked. Wrong codes count like for register (429 `otp_locked`, `otp_ip_limited`).',
    body: PasswordResetBody,
    responses: ok('Password changed', Detail),
    errors: [429],
    handler: async (ctx, { body }) => {
      const result = await accounts.resetPassword({
        phone: body.phone,
        code: body.code,
        newPassword: body.new_password,
        clientIp: clientIpOf(ctx),
      })
      if (result.kind === 'bad_code') throw invalidCode()
      return reply(200, { detail: MESSAGES.passwordChanged })
    },
  })

  signedIn.post('/api/auth/password/change/', {
    operationId: 'auth_password_change',
    summary: "The signed-in owner's password change, with the current password",
    description:
      'No code is involved, so it works while the phone is locked for too many wrong codes. Wrong current passwords count like failed sign-ins (429 `login_rate_limited`). Signs out every other session at once; the one that made the change goes on with the new token pair (its older tokens stop working).',
    body: PasswordChangeBody,
    responses: ok('Password changed; new tokens', TokenPair),
    errors: [429],
    handler: async (ctx, { body, user }) => {
      const result = await accounts.changePassword({
        user,
        sessionId: currentSession(ctx).id,
        oldPassword: body.old_password,
        newPassword: body.new_password,
        clientIp: clientIpOf(ctx),
      })
      if (result.kind === 'bad_password')
        throw ValidationError.field('old_password', MESSAGES.wrongCurrentPassword)
      if (result.kind === 'session_ended') throw tokenNotValid()
      return reply(200, result.tokens)
    },
  })

  anyone.post('/api/auth/token/refresh/', {
    operationId: 'auth_token_refresh',
    summary: 'Exchange a refresh token for a new access and refresh token',
    description:
      'Refresh tokens are single use. Presenting one that was already exchanged revokes every token descended from the same sign-in. The new access token belongs to the same session (`sid`) and carries whether its sign-in passed the staff second factor (`second_factor`); staff powers need one that did.',
    body: RefreshBody,
    responses: ok('New token pair', TokenPair),
    errors: [401],
    handler: async (_ctx, { body }) => {
      const tokens = await sessions.rotate(body.refresh)
      if (!tokens) throw tokenNotValid()
      return reply(200, tokens)
    },
  })

  anyone.post('/api/auth/logout/', {
    operationId: 'auth_logout',
    summary: 'Revoke a refresh token and its whole family (its access tokens stop working too)',
    body: RefreshBody,
    responses: noContent('Signed out (also when the token was unknown)'),
    handler: async (_ctx, { body }) => {
      await sessions.revokeFamilyOf(body.refresh)
      return reply(204, undefined)
    },
  })

  for (const [path, operationId] of [
    ['/api/auth/jwks/', 'auth_jwks'],
    ['/.well-known/jwks.json', 'well_known_jwks'],
  ] as const) {
    anyone.get(path, {
      operationId,
      summary: 'Public keys that verify access tokens (for the cms)',
      responses: ok('JSON Web Key Set', Jwks),
      handler: (ctx) => {
        ctx.set('Cache-Control', 'public, max-age=300')
        return reply(200, deps.tokens.jwks as z.input<typeof Jwks>)
      },
    })
  }
}
