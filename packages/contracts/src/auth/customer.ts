import { phoneSchema } from '../phone.ts'
import { toLatinDigits } from '../digits.ts'
import { z } from 'zod'
import { latinDigits } from '../latin-digits.ts'
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE } from '../text.ts'
import { OTP_PURPOSES } from '../value-sets.ts'

/** Texts the web client shows as they are (docs/product/auth.md, docs/product/errors.md). */
export const MESSAGES = {
  invalidCode: 'کد تایید نامعتبر یا منقضی شده است',
  codeFormat: 'کد تایید باید ۴ رقم باشد',
  codeRequired: 'کد تایید را وارد کنید',
  passwordTooShort: 'رمز عبور باید حداقل ۸ کاراکتر باشد',
  passwordTooLong: 'رمز عبور نباید بیشتر از ۱۲۸ کاراکتر باشد',
  passwordRequired: 'رمز عبور را وارد کنید',
  phoneRequired: 'شماره تلفن را وارد کنید',
  phoneTaken: 'این شماره تلفن قبلاً ثبت شده است. وارد شوید یا رمز عبور را بازیابی کنید.',
  purposeInvalid: 'نوع درخواست کد باید register یا reset باشد',
  badCredentials: 'شماره تلفن یا رمز عبور اشتباه است',
  blocked: 'حساب کاربری شما مسدود شده است. با پشتیبانی تماس بگیرید.',
  passwordChanged: 'رمز عبور تغییر کرد. وارد شوید.',
  wrongCurrentPassword: 'رمز عبور فعلی اشتباه است',
  refreshRequired: 'توکن refresh را ارسال کنید',
} as const

const requiredOr = (missing: string, invalid: string = missing) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? missing : invalid),
})

const phone = phoneSchema().meta({
  description: '09xxxxxxxxx; Persian/Arabic digits and +98 prefixes are accepted',
  examples: ['09121234567'],
})

const code = latinDigits(
  z
    .string(requiredOr(MESSAGES.codeRequired, MESSAGES.codeFormat))
    .trim()
    .regex(/^\d{4}$/, MESSAGES.codeFormat),
).meta({ description: '4 digits (Persian digits accepted)', examples: ['1234'] })

const newPassword = latinDigits(
  z
    .string(requiredOr(MESSAGES.passwordRequired))
    .min(8, MESSAGES.passwordTooShort)
    .max(128, MESSAGES.passwordTooLong),
).meta({ description: '8 to 128 characters; Persian digits count as Latin ones' })

const refresh = z
  .string(requiredOr(MESSAGES.refreshRequired))
  .min(1, MESSAGES.refreshRequired)
  .max(512, MESSAGES.refreshRequired)

export const OtpSendBody = z.object({
  phone,
  purpose: z.enum(OTP_PURPOSES, requiredOr(MESSAGES.purposeInvalid)),
})

export const OtpSendResponse = z.object({
  expires_in: z.number().int().meta({ description: 'seconds the code stays valid (countdown)' }),
  dev_code: z
    .string()
    .optional()
    .meta({ description: 'only when the server runs with OTP_DEV_CODES=true' }),
})

export const RegisterBody = z.object({ phone, password: newPassword, code })

/** What a sign-in names the account by: no control characters (PostgreSQL refuses a NUL). */
const identifier = z
  .string()
  .refine((value) => !hasForbiddenCharacters(value), INVALID_CHARACTERS_MESSAGE)

export const LoginBody = z
  .object({
    username: identifier.nullish().meta({ description: 'phone or username' }),
    phone: identifier.nullish().meta({ description: 'phone or username' }),
    password: latinDigits(
      z.string(requiredOr(MESSAGES.passwordRequired)).min(1, MESSAGES.passwordRequired),
    ),
  })
  .superRefine(
    (body, ctx) => {
      if (isBlank(body.phone) && isBlank(body.username)) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phoneRequired })
      }
    },
    // Also when the password is missing, so the client gets both field errors at once.
    { when: () => true },
  )
  .transform(({ username, phone: phoneField, password }) => ({
    identifiers: loginIdentifiers(phoneField, username),
    password,
  }))

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/**
 * The spec's client sends the same value as both phone and username. Both are looked up, the
 * phone field first, each in its normalised form (Persian digits, +98) and as typed.
 */
function loginIdentifiers(...values: Array<string | null | undefined>): string[] {
  const identifiers: string[] = []
  for (const value of values) {
    const trimmed = value?.trim()
    if (!trimmed) continue
    for (const candidate of [normalizeLoginPhone(trimmed), toLatinDigits(trimmed)]) {
      if (!identifiers.includes(candidate)) identifiers.push(candidate)
    }
  }
  return identifiers
}

function normalizeLoginPhone(value: string): string {
  const parsed = phoneSchema().safeParse(value)
  return parsed.success ? parsed.data : toLatinDigits(value)
}

export const PasswordResetBody = z.object({ phone, code, new_password: newPassword })

/** A signed-in owner's change: the current password proves them, no code is involved. */
export const PasswordChangeBody = z.object({
  old_password: latinDigits(
    z.string(requiredOr(MESSAGES.passwordRequired)).min(1, MESSAGES.passwordRequired).max(1024),
  ),
  new_password: newPassword,
})

export const RefreshBody = z.object({ refresh })

export const TokenPair = z.object({
  access: z.string().meta({ description: 'EdDSA JWT, short-lived; send as Bearer' }),
  refresh: z.string().meta({ description: 'opaque, single use: each refresh returns a new one' }),
})

export const Detail = z.object({ detail: z.string() })

export const Jwks = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      crv: z.string(),
      x: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
    }),
  ),
})
