import type { z } from 'zod'
import type { OtpSendResponse as OtpSendResponseSchema, TokenPair } from './auth/customer.ts'
import type { CurrentUserResponse } from './users/customer.ts'

/**
 * Shapes of the payments-service JSON API (docs/product/api.md) that both web and payments-service
 * rely on. Field names follow the contract byte for byte (snake_case). Answers are the outputs of
 * the response schemas (src/<noun>/customer.ts); only the error body is written by hand here.
 */

/** Django-REST-style error body: `{"detail": "..."}` or `{"field": ["message", ...]}`. */
export type ApiErrorBody =
  | { detail: string; code?: string; /** seconds, on 429 answers */ retry_after?: number }
  | Record<string, string[]>

export type AuthTokens = z.output<typeof TokenPair>

export type CurrentUser = z.output<typeof CurrentUserResponse>

/** `dev_code` is present only when the server runs with development codes enabled. */
export type OtpSendResponse = z.output<typeof OtpSendResponseSchema>

export type { OtpPurpose } from './value-sets.ts'

export interface HealthResponse {
  status: 'ok'
  service: string
}
