import {
  CREDENTIAL_PAYMENT_TYPES,
  formatMinor,
  formatToman,
  normalizeSiteUrl,
  ORDER_CURRENCIES,
  PAYMENT_TYPE_CODES,
  parseAmountToMinor,
  toLatinDigits,
  type OrderCurrency,
  type PaymentTypeCode,
} from '@arzpol/contracts'
import { MESSAGES } from '@arzpol/contracts/orders/messages'

export { ORDER_CURRENCIES, PAYMENT_TYPE_CODES, type OrderCurrency, type PaymentTypeCode }
// zod/mini: the same schema runs in the browser before submitting (see auth-schemas.ts).
import * as z from 'zod/mini'

/**
 * Orders on the web side, shared by browser and server (docs/product/orders.md): the new-request
 * form's schema (texts byte for byte), the default payment types, the dashboard's deep links, and
 * how statuses and stages read in Persian.
 */

export const ORDER_MESSAGES = {
  siteUrl: MESSAGES.siteUrl,
  amount: MESSAGES.amount,
  username: MESSAGES.username,
  password: MESSAGES.password,
  // Not the product's: cash-out needs the account the rials go to (payments-service's text).
  // It may come later, on the order page (ADR 017).
  sheba: MESSAGES.shebaRequired,
  paymentType: MESSAGES.paymentType,
  currency: MESSAGES.currency,
  /** docs/product/errors.md */
  failed: 'خطا در ایجاد یا شروع پرداخت',
  /** The non-gateway branch (cash-out). */
  created: 'درخواست با موفقیت ثبت شد!',
  /** Create answered 409 quote_changed (the quote on screen no longer holds, ADR 013). */
  quoteChanged: (amountIrr: number) =>
    `قیمتی که دیدید دیگر معتبر نیست (مهلت آن تمام شده یا نرخ تغییر کرده است). مبلغ جدید ${formatToman(amountIrr)} است؛ آن را بررسی کنید و دوباره «ثبت و پرداخت» را بزنید.`,
} as const

export const CURRENCY_LABELS: Record<string, string> = {
  USD: 'دلار آمریکا',
  EUR: 'یورو',
  GBP: 'پوند انگلیس',
  TRY: 'لیر ترکیه',
  AED: 'درهم امارات',
}

/** These four need the customer's site username and password. */
export const CREDENTIAL_TYPES: readonly string[] = CREDENTIAL_PAYMENT_TYPES

export interface PaymentTypeOption {
  value: string
  label: string
  description: string
  needs_credentials: boolean
  /** Whole currency units; absent in the default list. */
  min_amount?: number
  max_amount?: number
}

/** The list used when `GET /api/payment-types/` fails. */
export const DEFAULT_PAYMENT_TYPES: readonly PaymentTypeOption[] = [
  { value: 'topup', label: 'شارژ حساب ارزی', description: 'شارژ کیف پول یا حساب ارزی' },
  { value: 'exams', label: 'پرداخت هزینه آزمون', description: 'TOEFL، IELTS، GRE، GMAT و SAT' },
  { value: 'payout', label: 'نقد کردن درآمد ارزی', description: 'تبدیل درآمد ارزی به ریال' },
  { value: 'subscriptions', label: 'پرداخت اشتراک', description: 'اشتراک سرویس‌های خارجی' },
  { value: 'visa', label: 'پرداخت هزینه ویزا', description: 'هزینه ویزا، سفارت و مهاجرت' },
  { value: 'cloud', label: 'سرور ابری و VPS', description: 'صورت‌حساب سرویس‌های ابری' },
  { value: 'domain', label: 'دامنه و هاست', description: 'ثبت و تمدید دامنه و هاست' },
  { value: 'ads', label: 'تبلیغات بین‌المللی', description: 'شارژ حساب‌های تبلیغاتی' },
].map((type) => ({ ...type, needs_credentials: CREDENTIAL_TYPES.includes(type.value) }))

export const SUBSCRIPTION_SERVICES = [
  { value: 'adobe', label: 'Adobe / Office 365' },
  { value: 'media', label: 'استریم و رسانه' },
  { value: 'devtools', label: 'ابزارهای توسعه' },
  { value: 'other', label: 'سایر' },
] as const

export interface DeepLink {
  paymentType: PaymentTypeCode
  flow: string
  service: string | null
}

/**
 * The dashboard's deep links (`?start=base|intermediate|specialized`,
 * `?flow=payout|subscriptions|visa|cloud|domain|ads`, `&service=adobe|media|devtools|other`) →
 * the preselected type and service.
 * Anything else gives the first type of the tier, or a top-up.
 */
export function resolveDeepLink(params: URLSearchParams): DeepLink {
  const flow = params.get('flow') ?? ''
  const type = params.get('type') ?? ''
  const start = params.get('start') ?? ''
  const serviceParam = params.get('service') ?? ''
  const known = (value: string): value is PaymentTypeCode =>
    (PAYMENT_TYPE_CODES as readonly string[]).includes(value)
  let paymentType: PaymentTypeCode = 'topup'
  if (known(type)) paymentType = type
  else if (known(flow)) paymentType = flow
  else if (start === 'intermediate') paymentType = 'payout'
  else if (start === 'specialized') paymentType = 'visa'
  const service =
    paymentType === 'subscriptions' && SUBSCRIPTION_SERVICES.some((s) => s.value === serviceParam)
      ? serviceParam
      : null
  return { paymentType, flow: known(flow) ? flow : start ? `start_${start}` : paymentType, service }
}

/** Does this query carry one of the spec's deep links? */
export function hasDeepLink(params: URLSearchParams): boolean {
  return params.has('start') || params.has('flow')
}

/** A form field as FormData gives it: absent, or a string. */
const text = z._default(z.string(), '')

/** The new-request form, as the browser checks it and the action re-checks it. */
export const newRequestSchema = z
  .pipe(
    z.object({
      payment_type: text,
      site_url: text,
      site_username: text,
      site_password: text,
      amount: text,
      currency: text,
      description: text,
      sheba: text,
      flow: text,
      service: text,
      quote_token: text,
    }),
    z.transform((v) => ({
      payment_type: v.payment_type,
      site_url: normalizeSiteUrl(v.site_url),
      site_username: v.site_username.trim(),
      site_password: v.site_password,
      // Minor units (cents), by the same rule payments-service reads the amount with.
      amount: parseAmountToMinor(v.amount),
      currency: v.currency,
      description: v.description.trim(),
      sheba: toLatinDigits(v.sheba).replace(/[\s-]/g, '').toUpperCase(),
      flow: v.flow.trim(),
      service: v.service.trim(),
      // The signed quote the customer saw (ADR 013); anything that cannot be one is dropped.
      quote_token: /^[\w.-]{1,512}$/.test(v.quote_token) ? v.quote_token : '',
    })),
  )
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path] })
      if (!(PAYMENT_TYPE_CODES as readonly string[]).includes(v.payment_type))
        issue('payment_type', ORDER_MESSAGES.paymentType)
      if (!v.site_url) issue('site_url', ORDER_MESSAGES.siteUrl)
      if (CREDENTIAL_TYPES.includes(v.payment_type)) {
        if (!v.site_username) issue('site_username', ORDER_MESSAGES.username)
        if (!v.site_password) issue('site_password', ORDER_MESSAGES.password)
      }
      if (v.amount === null) issue('amount', ORDER_MESSAGES.amount)
      if (!(ORDER_CURRENCIES as readonly string[]).includes(v.currency))
        issue('currency', ORDER_MESSAGES.currency)
    }),
  )
export type NewRequestInput = z.output<typeof newRequestSchema>

/** What payments-service's `POST /api/payments/create/` takes. */
export function createPaymentBody(input: NewRequestInput) {
  const credentials = CREDENTIAL_TYPES.includes(input.payment_type)
  return {
    payment_type: input.payment_type,
    site_url: input.site_url,
    site_username: credentials ? input.site_username : null,
    site_password: credentials ? input.site_password : null,
    amount: formatMinor(input.amount ?? 0n),
    currency: input.currency,
    description: input.description,
    meta: {
      flow: (input.flow || input.payment_type).replace(/[^a-z_]/g, '') || input.payment_type,
      ...(input.service ? { service: input.service } : {}),
    },
    // Optional: a cash-out without one waits for it on its order page (ADR 017).
    ...(input.payment_type === 'payout' && input.sheba ? { sheba: input.sheba } : {}),
    // Optional (the original client sends none): create prices the order as this quote did.
    ...(input.quote_token ? { quote_token: input.quote_token } : {}),
  }
}

/** The four statuses; anything unknown shows as pending. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export function normalizeStatus(status: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status)
    ? (status as OrderStatus)
    : 'pending'
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'در انتظار',
  processing: 'در حال انجام',
  completed: 'تکمیل‌شده',
  failed: 'ناموفق',
}

export const STAGE_LABELS: Record<string, string> = {
  awaiting_payment: 'در انتظار پرداخت',
  awaiting_payout_details: 'در انتظار شماره شبا یا مدارک درآمد',
  paid: 'پرداخت شد',
  in_progress: 'در حال انجام',
  done: 'انجام شد',
  payment_failed: 'پرداخت ناموفق',
  expired: 'منقضی شد',
  rejected: 'رد شد',
  cancelled: 'لغو شد',
  refunded: 'بازپرداخت شد',
}

/**
 * ADR 017: what a cash-out still needs before staff can settle it (payments-service's
 * `missing`), in the words the order page lists it.
 */
export const PAYOUT_MISSING_LABELS: Record<string, string> = {
  sheba: 'شماره شبای حسابی که ریال به آن واریز می‌شود',
  income_documents: 'دست‌کم یک مدرک درآمد ارزی (صورت‌حساب، رسید یا گزارش حساب)',
}

/**
 * ADR 028: the order's Sheba is not yet confirmed as the customer's own. The order is held for
 * it; before identity level 1 the check comes by itself once level 1 is reached, at level 1 the
 * customer gives the Sheba again (or it is asked at the next start or document upload).
 */
export const SHEBA_OWNER_CHECK_TEXT = {
  held: 'سفارش نگه داشته شده است تا تأیید شود این شماره شبا به نام خود شماست.',
  atLevel0: 'پس از احراز هویت سطح ۱ این بررسی خودبه‌خود انجام می‌شود.',
  atLevel1:
    'بررسی هنوز انجام نشده است، احتمالاً چون استعلام در آن لحظه در دسترس نبود. شماره شبا را دوباره ثبت کنید تا همین حالا بررسی شود.',
} as const

/** Stages after a verified payment: the ones with an official receipt. */
export const PAID_STAGES: readonly string[] = ['paid', 'in_progress', 'done', 'refunded']

/**
 * The stage as the customer reads it. A refunded order says «بازپرداخت شد» only once its money
 * is back; while a return is still held or on its way, it says the refund is under way.
 */
export function customerStageLabel(order: {
  stage: string
  money_back?: ReadonlyArray<{ status: string }>
}): string {
  if (order.stage === 'refunded' && order.money_back?.some((item) => item.status !== 'done')) {
    return 'بازپرداخت در جریان'
  }
  return STAGE_LABELS[order.stage] ?? order.stage
}

/**
 * Orders that can no longer be paid, though nothing was bought: their purchase is offered again
 * (a new order filled in from this one; the old one stays as it ended).
 */
export const PAY_AGAIN_STAGES: readonly string[] = ['payment_failed', 'cancelled', 'expired']

/** The new-request page filled in from order `id`. */
export const payAgainHref = (id: number) => `/dashboard/new-request?again=${id}`

export function paymentTypeLabel(value: string, types: readonly PaymentTypeOption[] = []): string {
  return (
    types.find((t) => t.value === value)?.label ??
    DEFAULT_PAYMENT_TYPES.find((t) => t.value === value)?.label ??
    value
  )
}

export interface OrderSummary {
  id: number
  status: string
  site_url: string
  description: string | null
}

/** The search matches id, site address and description; the filter is a status. */
export function filterOrders<T extends OrderSummary>(
  orders: readonly T[],
  { q, filter }: { q: string; filter: string },
): T[] {
  const needle = toLatinDigits(q).trim().toLowerCase().replace(/^#/, '')
  return orders.filter((order) => {
    if (filter && filter !== 'all' && normalizeStatus(order.status) !== filter) return false
    if (!needle) return true
    return (
      String(order.id).includes(needle) ||
      order.site_url.toLowerCase().includes(needle) ||
      (order.description ?? '').toLowerCase().includes(needle)
    )
  })
}
