import { isValidPhone, normalizePhone, toLatinDigits } from '@arzpol/contracts'
// zod/mini: the same schemas run in the browser, where classic zod would add ~20 kB gzip.
import * as z from 'zod/mini'
import { AUTH_MESSAGES } from './auth-messages.ts'

/**
 * The auth forms' schemas, used by the browser before submitting and by the actions on the server,
 * so both sides give the same answer (docs/product/auth.md; the texts are in auth-messages.ts).
 * Persian and Arabic digits become Latin ones in phone, code and passwords before anything is
 * checked.
 */

export const PASSWORD_MIN_LENGTH = 8
/** The verification code is 4 digits. */
const CODE_PATTERN = /^\d{4}$/

/** A form field as FormData gives it: absent, or a string. */
const text = z._default(z.string(), '')

function digits(value: string): string {
  return toLatinDigits(value).trim()
}

function phoneOnly(message: string) {
  return z
    .pipe(
      z.object({ phone: text }),
      z.transform((v) => ({ phone: normalizePhone(v.phone.trim()) })),
    )
    .check(
      z.superRefine((v, ctx) => {
        if (!isValidPhone(v.phone)) ctx.addIssue({ code: 'custom', message, path: ['phone'] })
      }),
    )
}

/** A new password and its confirmation: long enough, and typed the same twice. */
function checkNewPassword(
  v: { password: string; confirmPassword: string },
  ctx: z.core.$RefinementCtx,
  mismatch: string,
) {
  if (v.password && v.password.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordTooShort, path: ['password'] })
  }
  if (v.password && v.confirmPassword && v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: mismatch, path: ['confirmPassword'] })
  }
}

/**
 * Registration is one form: phone, password, confirmation and terms, then "send code",
 * then the code. Sending the first code checks everything but the code, so nobody gets an SMS for
 * a form that cannot succeed; a resend only needs the phone; registering checks everything.
 */
function registrationSchema(withCode: boolean) {
  return z
    .pipe(
      z.object({ phone: text, password: text, confirmPassword: text, code: text, terms: text }),
      z.transform((v) => ({
        phone: normalizePhone(v.phone.trim()),
        password: toLatinDigits(v.password),
        confirmPassword: toLatinDigits(v.confirmPassword),
        code: digits(v.code),
        terms: v.terms !== '',
      })),
    )
    .check(
      z.superRefine((v, ctx) => {
        if (!v.phone || !v.password || !v.confirmPassword || (withCode && !v.code)) {
          ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.allRequired, path: [] })
        }
        if (v.phone && !isValidPhone(v.phone)) {
          ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.phoneInvalid, path: ['phone'] })
        }
        checkNewPassword(v, ctx, AUTH_MESSAGES.passwordMismatch)
        if (withCode && v.code && !CODE_PATTERN.test(v.code)) {
          ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.codeInvalid, path: ['code'] })
        }
        if (!v.terms) {
          ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.termsRequired, path: ['terms'] })
        }
      }),
    )
}

/** "Send code" on the registration form. */
export const sendRegisterCodeSchema = z.pipe(
  registrationSchema(false),
  z.transform(({ phone }) => ({ phone })),
)

/** "Resend code": the form was checked when the first code was sent. */
export const resendRegisterCodeSchema = phoneOnly(AUTH_MESSAGES.phoneInvalid)

export const registerSchema = z.pipe(
  registrationSchema(true),
  z.transform(({ phone, password, code }) => ({ phone, password, code })),
)

/** Forgot-password mode has its own wording for a bad phone. */
export const forgotPasswordSchema = phoneOnly(AUTH_MESSAGES.phoneInvalidForgot)

export const loginSchema = z
  .pipe(
    z.object({ phone: text, password: text }),
    z.transform((v) => ({
      phone: normalizePhone(v.phone.trim()),
      password: toLatinDigits(v.password),
    })),
  )
  .check(
    z.superRefine((v, ctx) => {
      if (!v.phone || !v.password) {
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.loginRequired, path: [] })
      } else if (!isValidPhone(v.phone)) {
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.phoneInvalid, path: ['phone'] })
      }
    }),
  )

export const resetPasswordSchema = z.pipe(
  z
    .pipe(
      z.object({ code: text, password: text, confirmPassword: text }),
      z.transform((v) => ({
        code: digits(v.code),
        password: toLatinDigits(v.password),
        confirmPassword: toLatinDigits(v.confirmPassword),
      })),
    )
    .check(
      z.superRefine((v, ctx) => {
        if (!v.code || !v.password || !v.confirmPassword) {
          ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.allRequired, path: [] })
        }
        if (v.code && !CODE_PATTERN.test(v.code)) {
          ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.codeInvalid, path: ['code'] })
        }
        checkNewPassword(v, ctx, AUTH_MESSAGES.newPasswordMismatch)
      }),
    ),
  z.transform(({ code, password }) => ({ code, password })),
)

/** What each submit button of the landing page's forms does (`name="intent"`). */
export const AUTH_INTENTS = {
  login: 'login',
  sendRegisterCode: 'send-register-code',
  resendRegisterCode: 'resend-register-code',
  register: 'register',
  sendResetCode: 'send-reset-code',
  resendResetCode: 'resend-reset-code',
  resetPassword: 'reset-password',
} as const

export type AuthIntent = (typeof AUTH_INTENTS)[keyof typeof AUTH_INTENTS]

/** The schema that checks a submission of each intent (the resend of a reset code has none). */
export function schemaForIntent(intent: string): z.ZodMiniType | null {
  switch (intent) {
    case AUTH_INTENTS.login:
      return loginSchema
    case AUTH_INTENTS.sendRegisterCode:
      return sendRegisterCodeSchema
    case AUTH_INTENTS.resendRegisterCode:
      return resendRegisterCodeSchema
    case AUTH_INTENTS.register:
      return registerSchema
    case AUTH_INTENTS.sendResetCode:
      return forgotPasswordSchema
    case AUTH_INTENTS.resetPassword:
      return resetPasswordSchema
    default:
      return null
  }
}
