import { PAYMENT_TYPE_CODES, type PaymentTypeCode } from '../orders.ts'
import type { Direction, FeeSchedule } from './currencies.ts'

/**
 * The eight services (docs/product/orders.md). Labels, which ones need the customer's site
 * credentials and the direction are code: validation and web depend on them. The fee schedule
 * and the order limits here are only the defaults: admins change them in
 * `payment_type_settings` (seeded with these values; see store.ts), and orders and quotes read
 * them through the store. Each order stores the fee it was charged, so a change never rewrites
 * history.
 */

export { PAYMENT_TYPE_CODES, type PaymentTypeCode }

export interface PaymentType {
  value: PaymentTypeCode
  label: string
  description: string
  /** topup, subscriptions, cloud and ads need site_username and site_password. */
  needs_credentials: boolean
  /** charge: the customer pays rials through a gateway; payout: the customer receives rials. */
  direction: Direction
  fee: FeeSchedule
  /** Whole currency units (50 by default, "negotiable"). */
  min_amount: number
  /** Whole currency units; above this the customer arranges the order with support. */
  max_amount: number
}

/** "Minimum order 50 currency units (negotiable), higher amounts arranged with support". */
export const DEFAULT_MIN_AMOUNT = 50
export const DEFAULT_MAX_AMOUNT = 10_000

const type = (
  value: PaymentTypeCode,
  label: string,
  description: string,
  options: Partial<Omit<PaymentType, 'value' | 'label' | 'description' | 'fee'>> & {
    fee: FeeSchedule
  },
): PaymentType => ({
  value,
  label,
  description,
  needs_credentials: false,
  direction: 'charge',
  min_amount: DEFAULT_MIN_AMOUNT,
  max_amount: DEFAULT_MAX_AMOUNT,
  ...options,
})

export const PAYMENT_TYPES: readonly PaymentType[] = [
  type('topup', 'شارژ حساب ارزی', 'شارژ کیف پول یا حساب ارزی در سایت‌های خارجی و گیفت‌کارت', {
    needs_credentials: true,
    fee: { bps: 300, fixed_irr: 0 },
  }),
  type('exams', 'پرداخت هزینه آزمون', 'ثبت‌نام و پرداخت آزمون‌های TOEFL، IELTS، GRE، GMAT و SAT', {
    fee: { bps: 200, fixed_irr: 500_000 },
  }),
  type('payout', 'نقد کردن درآمد ارزی', 'تبدیل درآمد فریلنسری از پلتفرم‌های خارجی به ریال', {
    direction: 'payout',
    fee: { bps: 250, fixed_irr: 0 },
  }),
  type(
    'subscriptions',
    'پرداخت اشتراک',
    'اشتراک سرویس‌های خارجی مانند Adobe، Office 365 و ابزارهای توسعه',
    {
      needs_credentials: true,
      fee: { bps: 400, fixed_irr: 200_000 },
    },
  ),
  type('visa', 'پرداخت هزینه ویزا', 'پرداخت هزینه ویزا، سفارت و مهاجرت', {
    fee: { bps: 300, fixed_irr: 1_000_000 },
  }),
  type('cloud', 'سرور ابری و VPS', 'پرداخت صورت‌حساب سرویس‌های ابری و سرور مجازی', {
    needs_credentials: true,
    fee: { bps: 400, fixed_irr: 0 },
  }),
  type('domain', 'دامنه و هاست', 'ثبت و تمدید دامنه و خرید هاست خارجی', {
    fee: { bps: 400, fixed_irr: 200_000 },
  }),
  type('ads', 'تبلیغات بین‌المللی', 'شارژ حساب‌های تبلیغاتی گوگل، متا و دیگر شبکه‌ها', {
    needs_credentials: true,
    fee: { bps: 500, fixed_irr: 0 },
  }),
]

const BY_CODE = new Map(PAYMENT_TYPES.map((entry) => [entry.value, entry]))

export function findPaymentType(code: string): PaymentType | undefined {
  return BY_CODE.get(code as PaymentTypeCode)
}

export function paymentType(code: PaymentTypeCode): PaymentType {
  const found = BY_CODE.get(code)
  if (!found) throw new Error(`unknown payment type ${code}`)
  return found
}

/** A payment type as the API shows it (fees flattened into fee_bps and fee_fixed_irr). */
export const paymentTypeBody = (type: PaymentType) => ({
  value: type.value,
  label: type.label,
  description: type.description,
  needs_credentials: type.needs_credentials,
  direction: type.direction,
  fee_bps: type.fee.bps,
  fee_fixed_irr: type.fee.fixed_irr,
  min_amount: type.min_amount,
  max_amount: type.max_amount,
})
