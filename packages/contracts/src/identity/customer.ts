import { formatToman } from '../money.ts'
import { z } from 'zod'
import { hasForbiddenCharacters, INVALID_CHARACTERS_MESSAGE } from '../text.ts'
import { ADULT_AGE, formatJalaliDate, gregorianLooking, parseJalaliDate } from './birth-date.ts'
import { toPersianDigits } from '../digits.ts'
import { isValidNationalCode, normaliseNationalCode } from './national-code.ts'

/**
 * The customer's side of identity (ADR 022): the level-1 form and the answer of
 * `GET /api/me/identity/`. Amounts are rials, like every `_irr` field of the API.
 */

export const IDENTITY_LEVELS = [0, 1, 2] as const
export type IdentityLevel = (typeof IDENTITY_LEVELS)[number]
export const TOP_LEVEL: IdentityLevel = 2

/** What each level asks of the customer, for the "next level" panel. */
export const LEVEL_STEPS: Record<IdentityLevel, string> = {
  0: 'تأیید شماره موبایل',
  1: 'نام، کد ملی و تاریخ تولد؛ شماره موبایل باید به نام خودتان باشد',
  2: 'تصویر کارت ملی و عکس شما با کارت ملی، با بررسی پشتیبانی',
}

export const LIMIT_KINDS = ['per_order', 'per_day', 'per_month'] as const
export type LimitKind = (typeof LIMIT_KINDS)[number]

const LIMIT_NAMES: Record<LimitKind, string> = {
  per_order: 'سقف هر سفارش',
  per_day: 'سقف روزانه',
  per_month: 'سقف ماهانه',
}

const levelFa = (level: number) => `سطح ${level.toLocaleString('fa-IR')}`

export const MESSAGES = {
  required: 'این فیلد الزامی است',
  nameInvalid: 'نام را با حروف فارسی یا انگلیسی و حداکثر ۵۰ نویسه وارد کنید',
  nationalCodeInvalid: 'کد ملی معتبر نیست؛ ده رقم کد ملی خود را بدون خط تیره وارد کنید',
  birthDateInvalid: 'تاریخ تولد را به شکل سال/ماه/روز شمسی وارد کنید، مثلاً ۱۳۷۰/۰۶/۱۵',
  /** A Gregorian date in the Jalali field, with the Jalali day it stands for. */
  birthDateGregorian: (jalali: string) =>
    `تاریخ تولد را به تقویم شمسی وارد کنید؛ تاریخی که نوشته‌اید به شمسی ${toPersianDigits(jalali)} است.`,
  underAge: `برای استفاده از خدمات ارزپل باید دست‌کم ${ADULT_AGE.toLocaleString('fa-IR')} سال داشته باشید`,
  alreadyVerified: 'هویت شما پیش‌تر تأیید شده است.',
  nationalCodeTaken:
    'این کد ملی به حساب دیگری متصل است. هر شخص فقط یک حساب می‌تواند داشته باشد؛ اگر آن حساب متعلق به شماست با آن وارد شوید یا با پشتیبانی تماس بگیرید.',
  mobileMismatch:
    'شماره موبایل این حساب به نام صاحب این کد ملی ثبت نشده است. با سیم‌کارتی که به نام خودتان است ثبت‌نام کنید یا کد ملی را بررسی کنید.',
  inquiryUnavailable:
    'سامانهٔ استعلام هویت اکنون پاسخ نمی‌دهد. چند دقیقه دیگر دوباره تلاش کنید؛ اطلاعاتی از شما ثبت نشد.',
  /** 429 `inquiry_limit`: the customer's paid inquiries of this Tehran day reached the cap. */
  inquiryLimitCustomer:
    'امروز به سقف روزانهٔ استعلام (بررسی کد ملی، کارت و شبا) رسیده‌اید. لطفاً فردا دوباره تلاش کنید؛ اطلاعاتی از شما ثبت نشد.',
  /** 429 `inquiry_limit`: those of the client's address (often a carrier's, shared by many). */
  inquiryLimitAddress:
    'امروز از اینترنتی که با آن وصل شده‌اید درخواست‌های استعلام بسیاری به ما رسیده است. لطفاً فردا دوباره تلاش کنید یا با اینترنت دیگری (مثلاً وای‌فای به‌جای اینترنت همراه) امتحان کنید؛ اطلاعاتی از شما ثبت نشد.',
  overLimit: (
    limit: LimitKind,
    level: number,
    limitIrr: number,
    remainingIrr: number,
    nextLevel: number | null,
  ) =>
    `مبلغ این سفارش از ${LIMIT_NAMES[limit]} ${levelFa(level)} حساب شما (${formatToman(limitIrr)}) بیشتر است` +
    (limit === 'per_order' ? '.' : `؛ باقی‌ماندهٔ این سقف ${formatToman(remainingIrr)} است.`) +
    (nextLevel === null
      ? ' برای مبالغ بالاتر با پشتیبانی هماهنگ کنید.'
      : ` برای سقف بالاتر، احراز هویت ${levelFa(nextLevel)} را کامل کنید.`),
}

const personName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(50, MESSAGES.nameInvalid)
  .refine((value) => !hasForbiddenCharacters(value), INVALID_CHARACTERS_MESSAGE)
  // Empty is the `min` rule's to report, once.
  .refine((value) => /^([\p{L}\p{M}][\p{L}\p{M}\s'\u200c-]*)?$/u.test(value), MESSAGES.nameInvalid)

export const NationalCode = z
  .string({ error: MESSAGES.required })
  .transform(normaliseNationalCode)
  .refine(isValidNationalCode, MESSAGES.nationalCodeInvalid)

/** The level-1 form. The age is checked by the service, which knows today's date. */
export const Level1Body = z.object({
  first_name: personName,
  last_name: personName,
  national_code: NationalCode,
  birth_date: z
    .string({ error: MESSAGES.required })
    .max(20, MESSAGES.birthDateInvalid)
    .superRefine((value, ctx) => {
      const gregorian = gregorianLooking(value)
      const message = gregorian?.jalali
        ? MESSAGES.birthDateGregorian(formatJalaliDate(gregorian.jalali))
        : gregorian || parseJalaliDate(value) === null
          ? MESSAGES.birthDateInvalid
          : null
      if (message) ctx.addIssue({ code: 'custom', message })
    }),
})
export type Level1Input = z.output<typeof Level1Body>

const Limits = z.object({
  per_order_irr: z.number().int(),
  per_day_irr: z.number().int(),
  per_month_irr: z.number().int(),
})

/** Why an order holds part of the limits: its bank payment under way, or a cash-out started. */
export const RESERVATION_KINDS = ['bank_payment', 'payout'] as const
export type ReservationKind = (typeof RESERVATION_KINDS)[number]

/** An order holding part of the limits until its money moves or the hold ends (ADR 022). */
export const Reservation = z.object({
  order_id: z.number().int(),
  kind: z.enum(RESERVATION_KINDS),
  amount_irr: z.number().int(),
  /**
   * When the hold ends by itself (a bank payment no longer payable); null when only the order's
   * next move ends it (a cash-out paid out or dropped, a bank answer being verified).
   */
  until: z.iso.datetime().nullable(),
})

export const IdentityStatusOut = z.object({
  level: z.number().int(),
  identity: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      /** Masked: the first three and last two digits. */
      national_code: z.string(),
      birth_date: z.string(),
      verified_at: z.iso.datetime(),
    })
    .nullable(),
  limits: Limits.extend({
    /** What is left today and this month once moved and reserved money is taken off. */
    today_remaining_irr: z.number().int(),
    month_remaining_irr: z.number().int(),
    /** Money that moved today and this month (paid, or paid out); money that went back is not. */
    today_used_irr: z.number().int(),
    month_used_irr: z.number().int(),
    /** Money held by payments under way, against today and this month alike. */
    reserved_irr: z.number().int(),
    /** The orders holding it, by id. */
    reservations: z.array(Reservation),
  }),
  next_level: z
    .object({
      level: z.number().int(),
      steps: z.string(),
      limits: Limits,
      /** Whether the customer can take it here (level 1) or it is reviewed (level 2, later). */
      available: z.boolean(),
    })
    .nullable(),
})

/** The 403 of an order above the customer's limit: the web links `next_level`. */
export const LimitRefusalOut = z.object({
  detail: z.string(),
  code: z.literal('identity_limit'),
  limit: z.enum(LIMIT_KINDS),
  level: z.number().int(),
  next_level: z.number().int().nullable(),
  limit_irr: z.number().int(),
  remaining_irr: z.number().int(),
})
