import { z } from 'zod'
import { toLatinDigits } from './digits.ts'
import { TEXT_TOO_LONG_MESSAGE } from './text.ts'

/**
 * What every staff call shares, whatever its noun: the Persian texts of the staff API, an id in
 * the path, paging, and a user named in a row (its notes and reasons are text.ts's fields).
 */

/** Persian texts of the staff API (shown by web as they are). */
export const STAFF_MESSAGES = {
  noteRequired: 'توضیح لازم است',
  referenceRequired: 'شماره پیگیری لازم است',
  target: 'وضعیت مقصد معتبر نیست',
  stage: 'مرحله معتبر نیست',
  date: 'تاریخ باید به شکل YYYY-MM-DD باشد',
  phone: 'شماره تلفن صحیح نمیباشد',
  phonePrefix: 'دست‌کم ۴ رقم از شماره تلفن را وارد کنید',
  tooLong: TEXT_TOO_LONG_MESSAGE,
  notFound: 'یافت نشد',
  userNotFound: 'کاربری با این شماره یافت نشد',
  illegalTransition: 'این تغییر وضعیت برای این سفارش مجاز نیست.',
  credentialsWiped: 'رمز این سفارش پس از پایان مهلت نگهداری حذف شده است.',
  noCredentials: 'برای این سفارش رمزی ثبت نشده است.',
  credentialsNotNeeded:
    'رمز سایت فقط وقتی سفارش پرداخت‌شده یا در حال انجام است نمایش داده می‌شود؛ این سفارش در این مرحله نیست.',
  refundSettled: 'این بازپرداخت قبلاً تسویه شده است.',
  settleShebaNotOwner:
    'طبق استعلام، این شماره شبا به نام خود مشتری نیست و تسویه انجام نشد. به این حساب واریز نکنید؛ سفارش را رد کنید و موضوع را از طریق تیکت به مشتری اطلاع دهید.',
  settleShebaUnconfirmed:
    'مالکیت شماره شبای این سفارش الان به نام مشتری تأیید نشد (استعلام پاسخی نداد یا مشتری احراز هویت سطح ۱ ندارد) و تسویه انجام نشد. چند دقیقه بعد دوباره تلاش کنید.',
  roleLocked: 'نقش مدیر فقط از خط فرمان تغییر می‌کند.',
  notYourself: 'نمی‌توانید حساب خودتان را مسدود یا آزاد کنید.',
  reason: 'این دلیل برای این اقدام مجاز نیست.',
  ownAccount: 'این مورد به حساب مشتری خود شما تعلق دارد؛ همکار دیگری باید به آن رسیدگی کند.',
  blockStaff:
    'فقط مدیر می‌تواند حساب پشتیبان را مسدود یا آزاد کند و حساب مدیر از اینجا مسدود نمی‌شود.',
} as const

export const IdParams = z.object({
  id: z
    .string()
    .transform((value) => toLatinDigits(value))
    .pipe(z.string().regex(/^\d{1,15}$/, STAFF_MESSAGES.notFound))
    .transform(Number),
})

export const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

export const paging = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
}

/** A staff member or user named in a row. */
export const UserRef = z.object({ id: z.number().int(), username: z.string() })
