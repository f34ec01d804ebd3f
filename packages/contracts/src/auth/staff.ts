import { toPersianDigits } from '../digits.ts'
import { z } from 'zod'
import { latinDigits } from '../latin-digits.ts'

/** Persian texts of the staff second factor, one per case (web shows them as they are). */
export const SECOND_FACTOR_MESSAGES = {
  enrolmentRequired:
    'رمز عبور درست است. برای ورود کارکنان، ابتدا برنامه تأیید دومرحله‌ای (TOTP) را فعال کنید.',
  codeRequired:
    'رمز عبور درست است. کد شش‌رقمی برنامه تأیید دومرحله‌ای یا یک کد بازیابی را وارد کنید.',
  challengeRequired: 'شناسه ورود را ارسال کنید',
  challengeInvalid: 'مهلت ورود به پایان رسیده است؛ دوباره با رمز عبور وارد شوید.',
  totpFormat: 'کد تأیید باید ۶ رقم باشد',
  codeFormat: 'کد شش‌رقمی برنامه یا یک کد بازیابی (مانند abcde-fghij) وارد کنید',
  codeMissing: 'کد تأیید را وارد کنید',
  wrongCode: 'کد تأیید نادرست است',
  codeUsed: 'این کد همین حالا استفاده شده است؛ منتظر کد بعدی برنامه بمانید.',
  alreadyEnrolled: 'تأیید دومرحله‌ای این حساب قبلاً فعال شده است؛ دوباره وارد شوید.',
  notEnrolled: 'تأیید دومرحله‌ای این حساب هنوز فعال نشده است؛ دوباره وارد شوید.',
  enrolmentNotStarted: 'ابتدا کلید برنامه تأیید دومرحله‌ای را دریافت کنید.',
  enrolmentLinkRequired:
    'برای فعال‌سازی تأیید دومرحله‌ای به پیوند فعال‌سازی نیاز دارید. از مدیر سامانه بخواهید برای حساب شما پیوند فعال‌سازی بسازد، آن را باز کنید و دوباره وارد شوید.',
  enrolmentLinkInvalid: 'این پیوند فعال‌سازی معتبر نیست؛ از مدیر سامانه پیوند تازه‌ای بخواهید.',
  enrolmentLinkNotYours:
    'این پیوند فعال‌سازی برای حساب دیگری ساخته شده است؛ با حساب خودتان وارد شوید یا از مدیر سامانه پیوند تازه‌ای بخواهید.',
  enrolmentLinkUsed:
    'این پیوند فعال‌سازی قبلاً یک بار استفاده شده است؛ از مدیر سامانه پیوند تازه‌ای بخواهید.',
  enrolmentLinkExpired:
    'مهلت این پیوند فعال‌سازی به پایان رسیده است؛ از مدیر سامانه پیوند تازه‌ای بخواهید.',
  enrolmentLinkRevoked:
    'برای حساب شما پیوند فعال‌سازی تازه‌تری ساخته شده است؛ آخرین پیوندی را که دریافت کرده‌اید باز کنید.',
} as const

/**
 * Enrolment links (ADR 035): an admin, or an operator with `create-staff`, gives a staff member
 * who has no authenticator yet a one-time link to web's page at this path, its token in the
 * query parameter `link`. Enrolling needs the link and the password's challenge together.
 */
export const ENROLMENT_LINK_PATH = '/staff/enrol'
export const ENROLMENT_LINK_PARAM = 'link'
/** A link's token: 32 random bytes in base64url, 43 characters. */
export const ENROLMENT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** Persian texts of issuing an enrolment link, one per refusal. */
export const ENROLMENT_LINK_MESSAGES = {
  /** 403 `own_account` */
  ownAccount:
    'برای حساب خودتان نمی‌توانید پیوند فعال‌سازی بسازید؛ مدیر دیگری یا اپراتور سامانه باید آن را بسازد.',
  /** 403 `permission_denied` */
  staffOnly: 'پیوند فعال‌سازی فقط برای حساب‌های کارکنان (پشتیبان یا مدیر) ساخته می‌شود.',
  /** 409 `second_factor_already_enrolled` */
  alreadyEnrolled:
    'تأیید دومرحله‌ای این حساب فعال است و به پیوند فعال‌سازی نیاز ندارد. اگر کارمند تلفن و کدهای بازیابی خود را از دست داده است، اپراتور سامانه باید تأیید دومرحله‌ای او را بازنشانی کند.',
} as const

/** The note of a `recovery_code_used` audit entry and the message shown after such a sign-in. */
export const recoveryCodesLeftMessage = (left: number) =>
  left === 0
    ? 'با کد بازیابی وارد شدید. هیچ کد بازیابی دیگری ندارید؛ از مدیر سامانه بخواهید تأیید دومرحله‌ای شما را از نو راه بیندازد.'
    : `با کد بازیابی وارد شدید. ${toPersianDigits(left)} کد بازیابی دیگر باقی مانده است.`

const requiredOr = (missing: string, invalid: string = missing) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? missing : invalid),
})

const challenge = z
  .string(requiredOr(SECOND_FACTOR_MESSAGES.challengeRequired))
  .min(1, SECOND_FACTOR_MESSAGES.challengeRequired)
  .max(1024, SECOND_FACTOR_MESSAGES.challengeInvalid)
  .meta({ description: 'the `challenge` of the sign-in answer (202), valid for a few minutes' })

/** A TOTP code: 6 digits, Persian or Arabic digits and spaces accepted. */
const totpCode = latinDigits(
  z
    .string(requiredOr(SECOND_FACTOR_MESSAGES.codeMissing, SECOND_FACTOR_MESSAGES.totpFormat))
    .max(64, SECOND_FACTOR_MESSAGES.totpFormat)
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, SECOND_FACTOR_MESSAGES.totpFormat)),
).meta({ description: '6 digits from the authenticator app', examples: ['123456'] })

export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{10}$/

/** Either a TOTP code or a recovery code (case, spaces and the dash do not matter). */
const codeOrRecoveryCode = latinDigits(
  z
    .string(requiredOr(SECOND_FACTOR_MESSAGES.codeMissing, SECOND_FACTOR_MESSAGES.codeFormat))
    .max(64, SECOND_FACTOR_MESSAGES.codeFormat)
    .transform((value) => value.replace(/[\s\-\u200c]+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .refine(
          (value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value),
          SECOND_FACTOR_MESSAGES.codeFormat,
        ),
    ),
).meta({
  description: '6 digits from the authenticator app, or one of the recovery codes (xxxxx-xxxxx)',
  examples: ['123456', 'abcde-fgh23'],
})

export const ChallengeBody = z.object({ challenge })

/**
 * Left optional on purpose: without it the answer is a 403 that tells the staff member to ask an
 * admin for a link, not a field error about a field they never saw.
 */
const enrolmentLinkToken = z
  .string(requiredOr(SECOND_FACTOR_MESSAGES.enrolmentLinkRequired))
  .trim()
  .max(256, SECOND_FACTOR_MESSAGES.enrolmentLinkInvalid)
  .meta({
    description: `the token of the enrolment link: its \`${ENROLMENT_LINK_PARAM}\` query parameter`,
  })

export const EnrolmentBody = z.object({ challenge, link: enrolmentLinkToken.optional() })
export const ConfirmBody = z.object({ challenge, code: totpCode })
export const VerifyBody = z.object({ challenge, code: codeOrRecoveryCode })

export const SecondFactorChallenge = z.object({
  detail: z.string(),
  code: z.enum(['second_factor_enrolment_required', 'second_factor_required']),
  challenge: z.string(),
  expires_in: z.number().int().meta({ description: 'seconds the challenge stays valid' }),
})

export const Enrolment = z.object({
  secret: z.string().meta({ description: 'base32 TOTP secret, to type into the app by hand' }),
  otpauth_uri: z.string().meta({ description: 'otpauth://totp/… for a QR code' }),
})

export const EnrolmentLinkOut = z.object({
  url: z.string().meta({ description: 'the page on web that starts the enrolment; shown once' }),
  expires_at: z.date(),
})

export const EnrolledTokens = z.object({
  access: z.string(),
  refresh: z.string(),
  recovery_codes: z
    .array(z.string())
    .meta({ description: 'ten single-use codes, shown this once only' }),
})

export const VerifiedTokens = z.object({
  access: z.string(),
  refresh: z.string(),
  recovery_codes_left: z
    .number()
    .int()
    .optional()
    .meta({ description: 'only when a recovery code was used: how many remain' }),
  detail: z
    .string()
    .optional()
    .meta({ description: 'only with a recovery code: says how many remain' }),
})
