import { ApiError } from '../../../http/errors.ts'
import { reply, routeGroup, type Api } from '../../../http/route.ts'
import { clientIpOf } from '../../../http/client-ip.ts'
import { LoginBody, MESSAGES, TokenPair } from '@arzpol/contracts/auth/customer'
import { SECOND_FACTOR_MESSAGES, SecondFactorChallenge } from '@arzpol/contracts/auth/staff'
import type { AuthRouteDeps } from './auth-route-deps.ts'

/** Sign-in with a password: tokens, or for staff the challenge of the second factor. */
export function registerLoginRoute(api: Api, { accounts }: Pick<AuthRouteDeps, 'accounts'>) {
  const anyone = routeGroup(api, { tags: ['auth'] })

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
}
