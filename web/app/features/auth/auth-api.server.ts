import type { ApiErrorBody, AuthTokens, CurrentUser, OtpPurpose } from '@arzpol/shared'
import { z } from 'zod'
import { getEnv } from '~/utils/env.server.ts'
import { requestIdHeader } from '~/utils/request-id.server.ts'
import { forwardedHeaders } from '~/utils/request-meta.server.ts'

/**
 * The one client web uses to call payments-service server to server (spec §7 contract). Success
 * bodies are checked with zod; failures come back as values, never as exceptions, carrying the
 * Django-REST-style error body so actions can show the server's message.
 */

const TIMEOUT_MS = 10_000

export type PaymentsResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false
      /** The upstream status, or 503 when payments-service could not be reached. */
      status: number
      body: ApiErrorBody | null
      /** Seconds, from Retry-After or `retry_after`, on 429. */
      retryAfter?: number
      unreachable?: boolean
    }

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

export interface CallOptions<S extends z.ZodType | null> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  token?: string
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>
  schema: S
}

export async function call<S extends z.ZodType | null>(
  request: Request | null,
  path: string,
  { method, body, token, schema, headers: extra }: CallOptions<S>,
): Promise<PaymentsResult<S extends z.ZodType ? z.output<S> : null>> {
  type Data = S extends z.ZodType ? z.output<S> : null
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': 'fa',
    ...(request ? forwardedHeaders(request) : requestIdHeader()),
    ...extra,
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(getEnv().PAYMENTS_URL.replace(/\/+$/, '') + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    console.error(`web: payments-service ${method} ${path} failed:`, error)
    return { ok: false, status: 503, body: null, unreachable: true }
  }

  const text = await response.text().catch(() => '')
  let json: unknown = null
  if (text) {
    try {
      json = JSON.parse(text)
    } catch {
      json = null
    }
  }

  if (response.ok) {
    if (schema === null) return { ok: true, status: response.status, data: null as Data }
    const parsed = schema.safeParse(json)
    if (parsed.success) return { ok: true, status: response.status, data: parsed.data as Data }
    console.error(`web: payments-service ${method} ${path} answered an unexpected body`)
    return { ok: false, status: 502, body: null }
  }

  const errorBody = json !== null && typeof json === 'object' ? (json as ApiErrorBody) : null
  const result: PaymentsResult<Data> = { ok: false, status: response.status, body: errorBody }
  if (response.status === 429) {
    const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'), errorBody)
    if (retryAfter !== undefined) result.retryAfter = retryAfter
  }
  return result
}

function retryAfterSeconds(header: string | null, body: ApiErrorBody | null): number | undefined {
  const fromBody = body && 'retry_after' in body ? Number(body.retry_after) : NaN
  if (Number.isFinite(fromBody) && fromBody >= 0) return Math.ceil(fromBody)
  const fromHeader = header === null ? NaN : Number(header)
  if (Number.isFinite(fromHeader) && fromHeader >= 0) return Math.ceil(fromHeader)
  if (header) {
    const date = Date.parse(header)
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000))
  }
  return undefined
}

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
