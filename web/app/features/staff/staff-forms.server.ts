import { toLatinDigits } from '@arzpol/contracts'
import { requiredText as contractRequiredText, trimmedOrNull } from '@arzpol/contracts/text'
import { z } from 'zod'
import { errorsFromZod, formDataToObject, type FormErrors } from '~/utils/form-errors.ts'
import { jalaliToIsoDay } from '~/utils/staff-dates.server.ts'

/**
 * The back office's form kit: the server checks every staff form (they work without JavaScript,
 * so this is the only check) with these texts and helpers; each noun's forms live in its feature
 * (`staff-*-forms.server.ts`). Every message is Persian; Persian and Arabic digits are accepted.
 */

export const FORM_MESSAGES = {
  rejectReason: 'دلیل رد سفارش را بنویسید',
  bankReference: 'شماره پیگیری واریز بانکی را وارد کنید',
  refundReference: 'شماره پیگیری بازپرداخت را وارد کنید',
  cancelReason: 'دلیل لغو سفارش را بنویسید',
  noteRequired: 'توضیح برای مشتری لازم است',
  actionNotAllowed: 'این عملیات در وضعیت فعلی سفارش مجاز نیست؛ صفحه را دوباره باز کنید.',
  blockNote: 'دلیل مسدود کردن حساب را بنویسید',
  tooLong: (max: number) => `حداکثر ${max.toLocaleString('fa-IR')} نویسه مجاز است`,
  replyRequired: 'متن پاسخ، یک پیام آماده یا یک فایل لازم است',
  preparedInvalid: 'پیام آماده انتخاب‌شده معتبر نیست',
  currency: 'ارز را انتخاب کنید',
  rate: 'نرخ را به تومان و به صورت عدد صحیح بزرگ‌تر از صفر وارد کنید',
  rateTooLarge: 'نرخ بیش از حد بزرگ است',
  unknownAction: 'عملیات درخواستی شناخته نشد',
  phoneLookup: 'شماره موبایل یا دست‌کم چهار رقم اول آن را وارد کنید (مثل ۰۹۱۲)',
  date: 'تاریخ را به شکل ۱۴۰۴/۰۹/۰۱ وارد کنید',
  dateOrder: 'تاریخ پایان نباید پیش از تاریخ شروع باشد',
} as const

/** A form field as FormData gives it: absent, or a string; trimmed. */
export const text = z
  .string()
  .optional()
  .transform((value) => (value ?? '').trim())

export function limited(max: number) {
  return text.pipe(z.string().max(max, FORM_MESSAGES.tooLong(max)))
}

/**
 * Free text a staff member writes (a note, a reason, a reference) by the contract's rule, which
 * payments-service applies again: a form refuses what the API would (control characters too),
 * with a message that names the limit.
 */
export const optionalText = (max: number) =>
  trimmedOrNull(max, { tooLong: FORM_MESSAGES.tooLong(max) })

export const requiredText = (message: string, max: number) =>
  contractRequiredText(message, max, { tooLong: FORM_MESSAGES.tooLong(max) })

/** "۱٬۲۳۴٬۵۰۰", "1,234,500" or "1234500" → 1234500; anything else → NaN (refused later). */
export function parseWholeNumber(input: string): number {
  const cleaned = toLatinDigits(input).replace(/[\s,\u066C\u060C_]/g, '')
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

/**
 * A list's from–to filter, typed as Jalali days, as Tehran days for payments-service ('' when
 * blank or not a real day). A day that is not real is reported on its field, an end before the
 * start on `to`; which of them the list still applies is the list's own choice.
 */
export function jalaliDayRange(typed: { from: string; to: string }) {
  const errors: { from?: string[]; to?: string[] } = {}
  const day = (name: 'from' | 'to') => {
    if (!typed[name]) return ''
    const iso = jalaliToIsoDay(typed[name])
    if (!iso) errors[name] = [FORM_MESSAGES.date]
    return iso ?? ''
  }
  const from = day('from')
  const to = day('to')
  if (from && to && from > to) errors.to = [FORM_MESSAGES.dateOrder]
  return { from, to, errors }
}

export type ParsedForm<T> = { ok: true; value: T } | { ok: false; errors: FormErrors }

export function parseWith<S extends z.ZodType>(
  schema: S,
  formData: FormData,
): ParsedForm<z.output<S>> {
  const result = schema.safeParse(formDataToObject(formData))
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: errorsFromZod(result.error) }
}

export function parseFormData<S extends z.ZodType>(schema: S, formData: FormData) {
  return parseWith(schema, formData)
}
