/**
 * Shapes of the payments-service JSON API (spec §3 and §7) that both web and payments-service
 * rely on. Field names follow the spec byte for byte (snake_case).
 */

/** Django-REST-style error body: `{"detail": "..."}` or `{"field": ["message", ...]}`. */
export type ApiErrorBody =
  | { detail: string; code?: string; /** seconds, on 429 answers */ retry_after?: number }
  | Record<string, string[]>

export interface AuthTokens {
  access: string
  refresh: string
}

export interface CurrentUser {
  id: number
  username: string
  email: string | null
}

export interface OtpSendResponse {
  expires_in: number
  /** Present only when the server runs with development codes enabled. */
  dev_code?: string
}

export type OtpPurpose = 'register' | 'reset'

export interface HealthResponse {
  status: 'ok'
  service: string
}
