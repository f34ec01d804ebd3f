import { normalizePhone, PHONE_INVALID_MESSAGE, PHONE_PATTERN, toLatinDigits } from '@arzpol/shared'
import { z } from 'zod'
import { errorsFromZod, formDataToObject, type FormErrors } from '~/utils/form-errors.ts'
import { ORDER_STAGES, QUEUE_PAGE_SIZE } from '~/features/orders/queue.ts'
import { jalaliToIsoDay } from '~/utils/staff-dates.server.ts'

/**
 * The back office's forms as the server checks them (they work without JavaScript, so this is
 * the only check). Every message is Persian; Persian and Arabic digits are accepted everywhere.
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
  replyRequired: 'متن پاسخ یا یک پیام آماده لازم است',
  preparedInvalid: 'پیام آماده انتخاب‌شده معتبر نیست',
  currency: 'ارز را انتخاب کنید',
  rate: 'نرخ را به تومان و به صورت عدد صحیح بزرگ‌تر از صفر وارد کنید',
  rateTooLarge: 'نرخ بیش از حد بزرگ است',
  percent: 'درصد کارمزد باید عددی بین ۰ و ۱۰۰ با حداکثر دو رقم اعشار باشد',
  toman: 'مبلغ را به تومان و به صورت عدد صحیح (صفر یا بیشتر) وارد کنید',
  amount: 'مبلغ ارزی را به صورت عدد صحیح (صفر یا بیشتر) وارد کنید',
  minMax: 'حداقل مبلغ نباید از حداکثر بیشتر باشد',
  unknownAction: 'عملیات درخواستی شناخته نشد',
  phoneLookup: 'شماره موبایل یا دست‌کم چهار رقم اول آن را وارد کنید (مثل ۰۹۱۲)',
  date: 'تاریخ را به شکل ۱۴۰۴/۰۹/۰۱ وارد کنید',
  dateOrder: 'تاریخ پایان نباید پیش از تاریخ شروع باشد',
} as const

/** A form field as FormData gives it: absent, or a string; trimmed. */
const text = z
  .string()
  .optional()
  .transform((value) => (value ?? '').trim())

function limited(max: number) {
  return text.pipe(z.string().max(max, FORM_MESSAGES.tooLong(max)))
}

/** Blank becomes null; the rest limited to `max` characters. */
function optionalText(max: number) {
  return limited(max).transform((value) => (value === '' ? null : value))
}

function requiredText(message: string, max: number) {
  return limited(max).pipe(z.string().min(1, message))
}

/** "۱٬۲۳۴٬۵۰۰", "1,234,500" or "1234500" → 1234500; anything else → NaN (refused later). */
export function parseWholeNumber(input: string): number {
  const cleaned = toLatinDigits(input).replace(/[\s,\u066C\u060C_]/g, '')
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

export type ParsedForm<T> = { ok: true; value: T } | { ok: false; errors: FormErrors }

function parseWith<S extends z.ZodType>(schema: S, formData: FormData): ParsedForm<z.output<S>> {
  const result = schema.safeParse(formDataToObject(formData))
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: errorsFromZod(result.error) }
}

// ---- order actions -----------------------------------------------------------------------

export const TRANSITION_TARGETS = [
  'in_progress',
  'done',
  'rejected',
  'refunded',
  'cancelled',
] as const
export type TransitionTarget = (typeof TRANSITION_TARGETS)[number]

/** What one of the order's allowed actions needs (payments-service lists them per order). */
export interface ActionNeeds {
  to: TransitionTarget
  note_required: boolean
  reference_required: boolean
}

/** The Persian message of a blank required note, by what the action does. */
export function noteRequiredMessage(to: TransitionTarget): string {
  if (to === 'rejected' || to === 'refunded') return FORM_MESSAGES.rejectReason
  if (to === 'cancelled') return FORM_MESSAGES.cancelReason
  return FORM_MESSAGES.noteRequired
}

const transitionFields = z.object({
  to: text,
  note: limited(2000),
  internal_note: limited(2000),
  reference: limited(100).transform(toLatinDigits),
})

export interface TransitionInput {
  to: TransitionTarget
  note: string | null
  internal_note: string | null
  reference: string | null
}

/**
 * A staff transition form, checked against the actions the order allows right now: an action it
 * does not allow is refused before anything is sent, and required fields get their message.
 */
export function parseTransition(
  formData: FormData,
  allowed: readonly ActionNeeds[],
): ParsedForm<TransitionInput> {
  const parsed = parseWith(transitionFields, formData)
  if (!parsed.ok) return parsed
  const { to, note, internal_note, reference } = parsed.value
  const action = allowed.find((a) => a.to === to)
  if (!action) return { ok: false, errors: { form: [FORM_MESSAGES.actionNotAllowed], fields: {} } }
  const fields: Record<string, string[]> = {}
  if (action.note_required && !note) fields.note = [noteRequiredMessage(action.to)]
  if (action.reference_required && !reference) fields.reference = [FORM_MESSAGES.bankReference]
  if (Object.keys(fields).length > 0) return { ok: false, errors: { form: [], fields } }
  return {
    ok: true,
    value: {
      to: action.to,
      note: note || null,
      internal_note: internal_note || null,
      reference: reference || null,
    },
  }
}

export const settleRefundSchema = z.object({
  refund: text.pipe(z.string().regex(/^\d{1,15}$/, FORM_MESSAGES.unknownAction)).transform(Number),
  reference: requiredText(FORM_MESSAGES.refundReference, 100).transform(toLatinDigits),
  note: optionalText(2000),
})

// ---- tickets ------------------------------------------------------------------------------

export const replySchema = z
  .object({
    content: limited(5000),
    prepared_message: text.pipe(z.string().regex(/^\d*$/, FORM_MESSAGES.preparedInvalid)),
  })
  .transform((value) => ({
    content: value.content,
    preparedMessage: value.prepared_message ? Number(value.prepared_message) : null,
  }))
  .superRefine((value, ctx) => {
    if (!value.content && value.preparedMessage === null) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: FORM_MESSAGES.replyRequired })
    }
  })

export const parseReply = (formData: FormData) => parseWith(replySchema, formData)

// ---- rates --------------------------------------------------------------------------------

/** Rates are typed in toman (what people quote) and stored in rials. */
const MAX_RATE_IRR = 1_000_000_000

export function rateSchema(currencies: readonly string[]) {
  return z
    .object({
      currency: text.pipe(
        z.string().refine((value) => currencies.includes(value), FORM_MESSAGES.currency),
      ),
      rate_toman: text.transform(parseWholeNumber).pipe(
        z
          .number({ error: FORM_MESSAGES.rate })
          .refine((value) => Number.isSafeInteger(value) && value > 0, FORM_MESSAGES.rate)
          .refine((value) => value * 10 <= MAX_RATE_IRR, FORM_MESSAGES.rateTooLarge),
      ),
      note: optionalText(500),
    })
    .transform((value) => ({
      currency: value.currency,
      buyRateIrr: value.rate_toman * 10,
      note: value.note,
    }))
}

export const parseRate = (formData: FormData, currencies: readonly string[]) =>
  parseWith(rateSchema(currencies), formData)

// ---- users --------------------------------------------------------------------------------

/**
 * A phone to look up: a whole number in any usual form (+98…, Persian digits), or its first
 * digits (at least 4), which payments-service matches as a prefix.
 */
export function parsePhoneLookup(input: string): ParsedForm<string> {
  const phone = normalizePhone(input.trim())
  if (PHONE_PATTERN.test(phone) || /^0\d{3,10}$/.test(phone)) return { ok: true, value: phone }
  return { ok: false, errors: { form: [], fields: { phone: [FORM_MESSAGES.phoneLookup] } } }
}

// ---- payment types ------------------------------------------------------------------------

/** "۱٫۵" or "1.5" percent → 150 basis points; NaN when it is not 0–100 with two decimals. */
export function parsePercentToBasisPoints(input: string): number {
  const cleaned = toLatinDigits(input.trim()).replace(/[\u066B/]/g, '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN
  const [whole = '0', fraction = ''] = cleaned.split('.')
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return bps <= 10_000 ? bps : Number.NaN
}

const MAX_FIXED_FEE_IRR = 10_000_000_000
const MAX_AMOUNT_UNITS = 10_000_000

/** The fee and limits form of one payment type (admin): fee in percent, fixed fee in toman. */
export const paymentTypeSchema = z
  .object({
    code: text.pipe(z.string().regex(/^[a-z_]{2,32}$/, FORM_MESSAGES.unknownAction)),
    fee_percent: text
      .transform(parsePercentToBasisPoints)
      .pipe(z.number({ error: FORM_MESSAGES.percent })),
    fee_fixed_toman: text
      .transform(parseWholeNumber)
      .pipe(
        z
          .number({ error: FORM_MESSAGES.toman })
          .refine(
            (v) => Number.isSafeInteger(v) && v * 10 <= MAX_FIXED_FEE_IRR,
            FORM_MESSAGES.toman,
          ),
      ),
    min_amount: text
      .transform(parseWholeNumber)
      .pipe(
        z
          .number({ error: FORM_MESSAGES.amount })
          .refine((v) => Number.isSafeInteger(v) && v <= MAX_AMOUNT_UNITS, FORM_MESSAGES.amount),
      ),
    max_amount: text
      .transform(parseWholeNumber)
      .pipe(
        z
          .number({ error: FORM_MESSAGES.amount })
          .refine((v) => Number.isSafeInteger(v) && v <= MAX_AMOUNT_UNITS, FORM_MESSAGES.amount),
      ),
    note: optionalText(500),
  })
  .superRefine((value, ctx) => {
    if (value.min_amount > value.max_amount) {
      ctx.addIssue({ code: 'custom', path: ['min_amount'], message: FORM_MESSAGES.minMax })
    }
  })
  .transform((value) => ({
    code: value.code,
    body: {
      fee_bps: value.fee_percent,
      fee_fixed_irr: value.fee_fixed_toman * 10,
      min_amount: value.min_amount,
      max_amount: value.max_amount,
      note: value.note,
    },
  }))

// ---- users: block, unblock, support role ---------------------------------------------------

export const blockSchema = z.object({ note: requiredText(FORM_MESSAGES.blockNote, 500) })
export const noteOnlySchema = z.object({ note: optionalText(500) })

export function parseFormData<S extends z.ZodType>(schema: S, formData: FormData) {
  return parseWith(schema, formData)
}

// ---- the orders queue's filters (a GET form: the query string) -----------------------------

export interface OrderFilters {
  /** What the form shows again. */
  values: { stage: string; type: string; from: string; to: string; phone: string; sort: string }
  /** What goes to payments-service. */
  query: {
    stage?: string
    payment_type?: string
    from?: string
    to?: string
    phone?: string
    sort: 'oldest' | 'newest'
    limit: number
    offset: number
  }
  page: number
  errors: Record<string, string[]>
}

/**
 * The queue's query string → payments-service's filters. Unknown stages and types are dropped;
 * Jalali dates are converted (a date that is not a real day is reported, not guessed).
 */
export function parseOrderFilters(
  params: URLSearchParams,
  paymentTypes: readonly string[],
): OrderFilters {
  const get = (name: string) => (params.get(name) ?? '').trim()
  const errors: Record<string, string[]> = {}
  const stages = get('stage')
    .split(',')
    .filter((s) => (ORDER_STAGES as readonly string[]).includes(s))
  const type = paymentTypes.includes(get('type')) ? get('type') : ''
  const sort = get('sort') === 'oldest' ? 'oldest' : 'newest'
  const day = (name: 'from' | 'to') => {
    const raw = get(name)
    if (!raw) return undefined
    const iso = jalaliToIsoDay(raw)
    if (!iso) errors[name] = [FORM_MESSAGES.date]
    return iso ?? undefined
  }
  const from = day('from')
  const to = day('to')
  if (from && to && from > to) errors.to = [FORM_MESSAGES.dateOrder]
  const phoneRaw = get('phone')
  const phone = phoneRaw ? normalizePhone(phoneRaw) : ''
  if (phoneRaw && !PHONE_PATTERN.test(phone)) errors.phone = [PHONE_INVALID_MESSAGE]
  const pageParam = Number(toLatinDigits(get('page')))
  const page = Number.isSafeInteger(pageParam) && pageParam > 1 ? Math.min(pageParam, 10_000) : 1
  return {
    values: {
      stage: stages.join(','),
      type,
      from: get('from'),
      to: get('to'),
      phone: phoneRaw,
      sort,
    },
    query: {
      ...(stages.length ? { stage: stages.join(',') } : {}),
      ...(type ? { payment_type: type } : {}),
      ...(from && !errors.to ? { from } : {}),
      ...(to && !errors.to ? { to } : {}),
      ...(phone && !errors.phone ? { phone } : {}),
      sort,
      limit: QUEUE_PAGE_SIZE,
      offset: (page - 1) * QUEUE_PAGE_SIZE,
    },
    page,
    errors,
  }
}
