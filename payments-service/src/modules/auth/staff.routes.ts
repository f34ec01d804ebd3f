import { defineRoute, reply, type Api } from '../../http/route.ts'
import {
  ChallengeBody,
  ConfirmBody,
  EnrolledTokens,
  Enrolment,
  recoveryCodesLeftMessage,
  VerifiedTokens,
  VerifyBody,
} from '@arzpol/contracts/auth/staff'
import type { SecondFactorService } from './second-factor.ts'

const TAGS = ['auth']

/** The second step of a staff sign-in (ADR 015); each takes the `challenge` of the login's 202. */
export function registerSecondFactorRoutes(api: Api, secondFactor: SecondFactorService) {
  defineRoute(api, {
    method: 'post',
    path: '/api/auth/second-factor/enrolment/',
    operationId: 'auth_second_factor_enrolment',
    summary: 'The TOTP secret a staff member enrols on their first sign-in',
    description:
      'The same secret until it is confirmed. 401 `second_factor_challenge_invalid` when the challenge expired (or the password changed since); 409 `second_factor_already_enrolled`.',
    tags: TAGS,
    body: ChallengeBody,
    responses: { 200: { description: 'Secret to add to an authenticator app', schema: Enrolment } },
    errors: [401, 403, 409],
    handler: async (_ctx, { body }) => {
      const enrolment = await secondFactor.enrolment(body.challenge)
      return reply(200, { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri })
    },
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/auth/second-factor/enrolment/confirm/',
    operationId: 'auth_second_factor_enrolment_confirm',
    summary: 'Confirm the enrolment with a first code: signed in, with ten recovery codes',
    description:
      'Wrong codes count like failed sign-ins (429 `login_rate_limited`). 401 `second_factor_invalid` for a wrong code, `second_factor_code_used` for a code already accepted. The recovery codes are never shown again.',
    tags: TAGS,
    body: ConfirmBody,
    responses: { 200: { description: 'Enrolled and signed in', schema: EnrolledTokens } },
    errors: [401, 403, 409, 429],
    handler: async (ctx, { body }) => {
      const result = await secondFactor.confirm({ ...body, clientIp: ctx.ip || null })
      return reply(200, { ...result.tokens, recovery_codes: result.recoveryCodes })
    },
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/auth/second-factor/verify/',
    operationId: 'auth_second_factor_verify',
    summary: 'Finish a staff sign-in with a TOTP code or a recovery code',
    description:
      'A code is accepted one 30-second step either side of now, and only once. A recovery code works once; the answer then says how many remain. Wrong codes count like failed sign-ins (429 `login_rate_limited`).',
    tags: TAGS,
    body: VerifyBody,
    responses: { 200: { description: 'Signed in', schema: VerifiedTokens } },
    errors: [401, 403, 409, 429],
    handler: async (ctx, { body }) => {
      const result = await secondFactor.verify({ ...body, clientIp: ctx.ip || null })
      if (result.recoveryCodesLeft === null) return reply(200, result.tokens)
      return reply(200, {
        ...result.tokens,
        recovery_codes_left: result.recoveryCodesLeft,
        detail: recoveryCodesLeftMessage(result.recoveryCodesLeft),
      })
    },
  })
}
