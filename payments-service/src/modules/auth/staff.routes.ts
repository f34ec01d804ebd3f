import { clientIpOf } from '../../http/client-ip.ts'
import { ok, reply, routeGroup, type Api } from '../../http/route.ts'
import {
  ConfirmBody,
  EnrolledTokens,
  Enrolment,
  EnrolmentBody,
  recoveryCodesLeftMessage,
  VerifiedTokens,
  VerifyBody,
} from '@arzpol/contracts/auth/staff'
import type { SecondFactorService } from './second-factor.ts'

/** The second step of a staff sign-in (ADR 015); each takes the `challenge` of the login's 202. */
export function registerSecondFactorRoutes(api: Api, secondFactor: SecondFactorService) {
  // Not signed in yet: the body's challenge stands for the password already checked.
  const anyone = routeGroup(api, { tags: ['auth'] })

  anyone.post('/api/auth/second-factor/enrolment/', {
    operationId: 'auth_second_factor_enrolment',
    summary: 'The TOTP secret a staff member enrols, with their one-time enrolment link',
    description:
      "Needs the challenge of the password sign-in and `link`, the token of an enrolment link an admin issued for the same account (ADR 035), which it uses up: a new secret each time, never shown twice. 403 `second_factor_enrolment_link_required` without a link, `second_factor_enrolment_link_invalid` for an unknown one, `second_factor_enrolment_link_not_yours` for another account's; 410 `second_factor_enrolment_link_used`, `…_expired`, `…_revoked` (a newer link was issued). 401 `second_factor_challenge_invalid` when the challenge expired (or the password changed since); 409 `second_factor_already_enrolled`.",
    body: EnrolmentBody,
    responses: ok('Secret to add to an authenticator app', Enrolment),
    errors: [401, 403, 409, 410],
    handler: async (_ctx, { body }) => {
      const enrolment = await secondFactor.enrolment(body)
      return reply(200, { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri })
    },
  })

  anyone.post('/api/auth/second-factor/enrolment/confirm/', {
    operationId: 'auth_second_factor_enrolment_confirm',
    summary: 'Confirm the enrolment with a first code: signed in, with ten recovery codes',
    description:
      'Wrong codes count like failed sign-ins (429 `login_rate_limited`). 401 `second_factor_invalid` for a wrong code, `second_factor_code_used` for a code already accepted. The recovery codes are never shown again.',
    body: ConfirmBody,
    responses: ok('Enrolled and signed in', EnrolledTokens),
    errors: [401, 403, 409, 429],
    handler: async (ctx, { body }) => {
      const result = await secondFactor.confirm({ ...body, clientIp: clientIpOf(ctx) })
      return reply(200, { ...result.tokens, recovery_codes: result.recoveryCodes })
    },
  })

  anyone.post('/api/auth/second-factor/verify/', {
    operationId: 'auth_second_factor_verify',
    summary: 'Finish a staff sign-in with a TOTP code or a recovery code',
    description:
      'A code is accepted one 30-second step either side of now, and only once. A recovery code works once; the answer then says how many remain. Wrong codes count like failed sign-ins (429 `login_rate_limited`).',
    body: VerifyBody,
    responses: ok('Signed in', VerifiedTokens),
    errors: [401, 403, 409, 429],
    handler: async (ctx, { body }) => {
      const result = await secondFactor.verify({ ...body, clientIp: clientIpOf(ctx) })
      if (result.recoveryCodesLeft === null) return reply(200, result.tokens)
      return reply(200, {
        ...result.tokens,
        recovery_codes_left: result.recoveryCodesLeft,
        detail: recoveryCodesLeftMessage(result.recoveryCodesLeft),
      })
    },
  })
}
