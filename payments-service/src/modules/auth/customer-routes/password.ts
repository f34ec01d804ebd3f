import { tokenNotValid, ValidationError } from '../../../http/errors.ts'
import { ok, reply, routeGroup, type Api } from '../../../http/route.ts'
import { clientIpOf } from '../../../http/client-ip.ts'
import { currentSession } from '../../../http/middlewares/auth.ts'
import {
  Detail,
  MESSAGES,
  PasswordChangeBody,
  PasswordResetBody,
  TokenPair,
} from '@arzpol/contracts/auth/customer'
import { invalidCode, type AuthRouteDeps } from './auth-route-deps.ts'

/** A forgotten password reset with a code, and a signed-in owner's change with the old one. */
export function registerPasswordRoutes(api: Api, { accounts }: Pick<AuthRouteDeps, 'accounts'>) {
  const anyone = routeGroup(api, { tags: ['auth'] })
  const signedIn = routeGroup(api, { tags: ['auth'], auth: 'user' })

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
}
