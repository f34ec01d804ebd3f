import type { AuthTokens } from '@arzpol/contracts'
import { ENROLMENT_LINK_TOKEN_PATTERN } from '@arzpol/contracts/auth/staff'
import { z } from 'zod'
import { createSealedCookie, readCookie } from '~/utils/sealed-cookie.server.ts'

/**
 * The cookies web keeps, all sealed (encrypted + authenticated), httpOnly and SameSite=Lax:
 *
 * - `arzpol_session`: the customer's access and refresh tokens (ADR 002: never in
 *   localStorage). Lives as long as a refresh token can; payments-service decides the real end.
 * - `arzpol_otp`: the state of a pending "send code" step (phone, purpose, when the code was sent,
 *   the resend countdown and, in development, the code), so that the register and reset forms
 *   survive a full page load and work without JavaScript. Never holds a password.
 * - `arzpol_flash`: a one-shot success message shown on the next page.
 */

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export const sessionCookie = createSealedCookie({
  name: 'arzpol_session',
  schema: z.object({ access: z.string().min(1), refresh: z.string().min(1) }),
  maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
})

export const otpPurposes = ['register', 'reset'] as const

export const otpFlowCookie = createSealedCookie({
  name: 'arzpol_otp',
  schema: z.object({
    purpose: z.enum(otpPurposes),
    phone: z.string(),
    /** Epoch milliseconds when the last code was sent (or the last 429 was answered). */
    sentAt: z.number(),
    /** Seconds after `sentAt` before another code may be requested. */
    resendAfter: z.number(),
    devCode: z.string().optional(),
  }),
  maxAgeSeconds: 15 * 60,
})

export type OtpFlow = NonNullable<ReturnType<typeof otpFlowCookie.read>>

export const flashCookie = createSealedCookie({
  name: 'arzpol_flash',
  schema: z.object({
    message: z.string(),
    /** Pre-fills the phone field of the next form (after a password reset, the login form). */
    phone: z.string().optional(),
  }),
  maxAgeSeconds: 60,
})

export type Flash = NonNullable<ReturnType<typeof flashCookie.read>>

/**
 * `arzpol_2fa`: a staff member between the right password and the second factor (ADR 015): the
 * signed challenge payments-service answered with (no tokens yet) and whether they still have
 * to enrol. Once an enrolment link showed the new secret (ADR 035), the secret too, so a reload
 * or a wrong first code shows it again from here: payments-service never shows a secret twice.
 * As long-lived as the challenge itself.
 */
export const secondFactorCookie = createSealedCookie({
  name: 'arzpol_2fa',
  schema: z.object({
    challenge: z.string().min(1).max(1024),
    enrol: z.boolean(),
    enrolment: z
      .object({ secret: z.string().min(1).max(128), otpauthUri: z.string().min(1).max(1024) })
      .optional(),
  }),
  maxAgeSeconds: 10 * 60,
})

/**
 * `arzpol_enrol`: the token of a staff enrolment link opened in this browser (ADR 035), until
 * the enrolment it starts has shown its secret. The link's page moves it here at once, so the
 * token is in no address bar, history entry, access log or Referer header after that first load.
 * A day, as long as links are issued for by default; payments-service decides whether it works.
 */
export const enrolmentLinkCookie = createSealedCookie({
  name: 'arzpol_enrol',
  schema: z.object({ link: z.string().regex(ENROLMENT_LINK_TOKEN_PATTERN) }),
  maxAgeSeconds: 24 * 60 * 60,
})

export type SecondFactorStep = NonNullable<ReturnType<typeof secondFactorCookie.read>>

/** `arzpol_recovery`: the recovery codes of a fresh enrolment, read once by the page showing them. */
export const recoveryCodesCookie = createSealedCookie({
  name: 'arzpol_recovery',
  schema: z.object({ codes: z.array(z.string().max(32)).max(20) }),
  maxAgeSeconds: 5 * 60,
})

export function getSessionTokens(request: Request): AuthTokens | null {
  return sessionCookie.read(request)
}

export function hasSessionCookie(request: Request): boolean {
  return readCookie(request.headers.get('Cookie'), sessionCookie.name) !== null
}

export function commitSession(tokens: AuthTokens): string {
  return sessionCookie.serialize({ access: tokens.access, refresh: tokens.refresh })
}

export function destroySession(): string {
  return sessionCookie.clear()
}

/** Seconds left before another code may be requested for this flow. */
export function resendRemaining(flow: OtpFlow, now = Date.now()): number {
  return Math.max(0, Math.ceil(flow.resendAfter - (now - flow.sentAt) / 1000))
}

/** Names of all cookies web owns; the `/api` proxy does not pass them on to payments-service. */
export function ownCookieNames(): string[] {
  return [
    sessionCookie.name,
    otpFlowCookie.name,
    flashCookie.name,
    secondFactorCookie.name,
    enrolmentLinkCookie.name,
    recoveryCodesCookie.name,
  ]
}
