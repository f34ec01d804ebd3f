import type { AuthTokens, CurrentUser, OtpPurpose } from '@arzpol/contracts'
import { z } from 'zod'
import { call, type PaymentsResult } from '~/features/api/payments-client.server.ts'

/** payments-service's auth calls (spec §7), through the one client. */

const tokensSchema = z.object({ access: z.string().min(1), refresh: z.string().min(1) })
const otpSendSchema = z.object({
  expires_in: z.number().int().positive().optional(),
  dev_code: z.string().optional(),
})
const currentUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable().default(null),
})

export function sendOtp(request: Request, input: { phone: string; purpose: OtpPurpose }) {
  return call(request, '/api/auth/otp/send/', {
    method: 'POST',
    body: input,
    schema: otpSendSchema,
  })
}

export function register(
  request: Request,
  input: { phone: string; password: string; code: string },
) {
  return call(request, '/api/auth/register/', { method: 'POST', body: input, schema: tokensSchema })
}

/** Staff only (202): the password was right, the second factor comes next (ADR 015). */
const secondFactorChallengeSchema = z.object({
  code: z.enum(['second_factor_enrolment_required', 'second_factor_required']),
  challenge: z.string().min(1),
})

export function login(request: Request, input: { phone: string; password: string }) {
  // The spec's payload carries the phone twice: as the username and as the phone.
  return call(request, '/api/auth/login/', {
    method: 'POST',
    body: { username: input.phone, phone: input.phone, password: input.password },
    schema: z.union([tokensSchema, secondFactorChallengeSchema]),
  })
}

export function resetPassword(
  request: Request,
  input: { phone: string; code: string; newPassword: string },
) {
  return call(request, '/api/auth/password/reset/', {
    method: 'POST',
    body: { phone: input.phone, code: input.code, new_password: input.newPassword },
    schema: null,
  })
}

export function getCurrentUser(
  request: Request,
  access: string,
): Promise<PaymentsResult<CurrentUser>> {
  return call(request, '/api/auth/me/', { method: 'GET', token: access, schema: currentUserSchema })
}

export function refreshTokens(
  request: Request | null,
  refresh: string,
): Promise<PaymentsResult<AuthTokens>> {
  return call(request, '/api/auth/token/refresh/', {
    method: 'POST',
    body: { refresh },
    schema: tokensSchema,
  })
}

export function logout(request: Request, refresh: string) {
  return call(request, '/api/auth/logout/', { method: 'POST', body: { refresh }, schema: null })
}
