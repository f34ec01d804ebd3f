import { getBankNameFromCardNumber, verifyCardNumber } from '@persian-tools/persian-tools'
import { toLatinDigits } from '../digits.ts'

/**
 * Bank cards apart from their schemas: the Persian texts of every refusal around cards and
 * cash-out Shebas, and the checks of a card number. A page that only shows one of these texts
 * (an order waiting for its Sheba) loads them without the validation library.
 */

export const CARD_MESSAGES = {
  required: 'شماره کارت را وارد کنید',
  cardInvalid: 'شماره کارت معتبر نیست؛ ۱۶ رقم روی کارت بانکی خود را وارد کنید',
  unknownBank: 'بانک صادرکنندهٔ این کارت شناخته نشد؛ فقط کارت بانک‌های ایرانی پذیرفته می‌شود',
  levelRequired:
    'برای ثبت کارت بانکی ابتدا احراز هویت سطح ۱ (نام، کد ملی و تاریخ تولد) را کامل کنید.',
  notOwner:
    'این کارت به نام صاحب کد ملی حساب شما ثبت نشده است. فقط کارت‌هایی را که به نام خودتان است می‌توانید ثبت کنید.',
  alreadyRegistered: 'این کارت پیش‌تر در حساب شما ثبت شده است.',
  /** 409 `too_many_cards`: the customer has `max` cards registered already. */
  tooMany: (max: number) =>
    `حداکثر ${max.toLocaleString('fa-IR')} کارت بانکی می‌توانید ثبت کنید. برای ثبت کارت تازه، ابتدا یکی از کارت‌هایی را که دیگر استفاده نمی‌کنید حذف کنید.`,
  notFound: 'کارت پیدا نشد.',
  /** At payment start, a level-1+ customer without a card. */
  cardRequired:
    'از سطح ۱ به بعد فقط با کارت‌های بانکی ثبت‌شده به نام خودتان می‌توانید پرداخت کنید. ابتدا در صفحهٔ «احراز هویت» کارت خود را ثبت کنید، سپس دوباره پرداخت کنید.',
  /** At payment start, a card number that is not one of the customer's cards. */
  cardNotRegistered:
    'این کارت در حساب شما ثبت نشده است. با یکی از کارت‌های ثبت‌شده پرداخت کنید یا ابتدا این کارت را در صفحهٔ «احراز هویت» ثبت کنید.',
  /** The bank says the payment came from a card that is not the customer's (shown on the order). */
  foreignCard:
    'پرداخت این سفارش با کارتی انجام شد که در حساب شما ثبت نشده است، پس سفارش انجام نشد و مبلغ به همان کارت بازگردانده می‌شود. لطفاً با یکی از کارت‌های ثبت‌شدهٔ خودتان دوباره پرداخت کنید.',
  /** Cash-out: the level it needs (also the "missing" item's text). */
  payoutLevelRequired:
    'برای نقد کردن درآمد ارزی، احراز هویت سطح ۱ (نام، کد ملی و تاریخ تولد) لازم است.',
  shebaNotOwner:
    'این شماره شبا به نام صاحب کد ملی حساب شما نیست. مبلغ فقط به حسابی که به نام خودتان است واریز می‌شود.',
} as const

/** Spaces, dashes, zero-width non-joiners and Persian/Arabic digits as people type them. */
export function normaliseCardNumber(input: string): string {
  return toLatinDigits(input).replace(/[\s\-\u200c]/g, '')
}

/**
 * 16 digits with the Luhn check of `@persian-tools` (which takes a number: every Iranian BIN
 * starts with 5 or 6, so a valid card is far below 2^53).
 */
export function isValidCardNumber(digits: string): boolean {
  return /^\d{16}$/.test(digits) && verifyCardNumber(Number(digits)) === true
}

/** The issuing bank's Persian name from the BIN, or null for an unknown one. */
export function cardBankName(digits: string): string | null {
  return getBankNameFromCardNumber(digits) || null
}

/** `603799******0006`: the BIN and the last four, as banks print it. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}******${digits.slice(-4)}`
}
