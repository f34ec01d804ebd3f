import { INVALID_AMOUNT } from '../amount.ts'
import { CURRENCY_NAMES_FA } from '../catalog/currencies.ts'
import { formatNumberFa } from '../money.ts'
import type { OrderCurrency } from '../orders.ts'
import { INVALID_CHARACTERS_MESSAGE } from '../text.ts'

// No zod here: the browser's new-request form takes its texts from this module.

/** Texts the web client shows as they are: the product's where it gives one, ours otherwise. */
export const MESSAGES = {
  siteUrl: 'آدرس سایت را وارد کنید',
  amount: INVALID_AMOUNT,
  username: 'نام کاربری لازم است',
  password: 'رمز عبور لازم است',
  currency: 'ارز باید یکی از USD، EUR یا GBP باشد',
  paymentType: 'نوع خدمت را انتخاب کنید',
  sheba: 'شماره شبا معتبر نیست (IR و ۲۴ رقم)',
  shebaRequired: 'شماره شبا را وارد کنید',
  tooLong: (max: number) => `حداکثر ${formatNumberFa(max)} کاراکتر مجاز است`,
  invalidCharacters: INVALID_CHARACTERS_MESSAGE,
  belowMinimum: (min: number, currency: OrderCurrency) =>
    `حداقل مبلغ برای این خدمت ${formatNumberFa(min)} ${CURRENCY_NAMES_FA[currency]} است`,
  aboveMaximum: (max: number, currency: OrderCurrency) =>
    `برای مبالغ بیش از ${formatNumberFa(max)} ${CURRENCY_NAMES_FA[currency]} با پشتیبانی هماهنگ کنید`,
  notAwaitingPayment: 'این سفارش در انتظار پرداخت نیست.',
  notPayout: 'فقط سفارش نقد کردن درآمد ارزی شماره شبا دارد.',
  noTransferDue:
    'برای این سفارش مبلغی منتظر واریز به حساب نیست؛ پولی که بانک برمی‌گرداند به همان کارت پرداخت می‌رسد.',
  payoutWithStaff:
    'این سفارش به کارشناسان ما سپرده شده است و شماره شبای آن دیگر تغییر نمی‌کند. برای تغییر آن تیکت بزنید.',
  quoteExpired:
    'مهلت نرخ قفل‌شده تمام شد و مبلغ با نرخ جدید محاسبه شد. مبلغ جدید را تایید و دوباره پرداخت کنید.',
  gatewayUnavailable: 'خطا در ارتباط با درگاه بانک. چند لحظه بعد دوباره تلاش کنید.',
  rateUnavailable: 'نرخ این ارز در حال حاضر در دسترس نیست.',
  quoteChanged: (amountIrr: number) =>
    `قیمتی که دیدید دیگر معتبر نیست (مهلت آن تمام شده یا نرخ تغییر کرده است). مبلغ جدید ${formatNumberFa(amountIrr)} ریال است؛ آن را بررسی و دوباره ثبت کنید.`,
  quoteStale: (amountIrr: number) =>
    `قیمتی که دیدید پیش از آخرین تغییر نرخ یا کارمزد محاسبه شده بود. مبلغ جدید ${formatNumberFa(amountIrr)} ریال است؛ آن را بررسی و دوباره ثبت کنید.`,
  illegalTransition: 'این تغییر وضعیت برای این سفارش مجاز نیست.',
  reverseFailed: 'برگشت وجه در بانک انجام نشد.',
} as const
