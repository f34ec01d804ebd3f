import type { AuthTokens, CurrentUser, OtpPurpose } from '@arzpol/contracts'
import { OtpSendResponse, TokenPair } from '@arzpol/contracts/auth/customer'
import { SecondFactorChallenge } from '@arzpol/contracts/auth/staff'
import { CurrentUserResponse } from '@arzpol/contracts/users/customer'
import { z } from 'zod'
import { call, type PaymentsResult } from '~/features/api/payments-client.server.ts'

/** payments-service's auth calls (docs/product/api.md), through the one client. */

export function sendOtp(request: Request, input: { phone: string; purpose: OtpPurpose }) {
  return call(request, '/api/auth/otp/send/', {
    method: 'POST',
    body: input,
    schema: OtpSendResponse,
  })
}

export function register(
  request: Request,
  input: { phone: string; password: string; code: string },
) {
  return call(request, '/api/auth/register/', { method: 'POST', body: input, schema: TokenPair })
}

export function login(request: Request, input: { phone: string; password: string }) {
  // The spec's payload carries the phone twice: as the username and as the phone.
  return call(request, '/api/auth/login/', {
    method: 'POST',
    body: { username: input.phone, phone: input.phone, password: input.password },
    // Staff only (202): the password was right, the second factor comes next (ADR 015).
    schema: z.union([TokenPair, SecondFactorChallenge]),
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
  return call(request, '/api/auth/me/', {
    method: 'GET',
    token: access,
    schema: CurrentUserResponse,
  })
}

export function refreshTokens(
  request: Request | null,
  refresh: string,
): Promise<PaymentsResult<AuthTokens>> {
  return call(request, '/api/auth/token/refresh/', {
    method: 'POST',
    body: { refresh },
    schema: TokenPair,
  })
}

export function logout(request: Request, refresh: string) {
  return call(request, '/api/auth/logout/', { method: 'POST', body: { refresh }, schema: null })
}
