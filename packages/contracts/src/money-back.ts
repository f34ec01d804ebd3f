/**
 * Why money of an order is held or coming back, in plain Persian (ADR 014): the staff page
 * "money to return", the customer's order page and the customer's SMS all say it this way. Unknown codes fall back
 * to a neutral sentence, never the raw code.
 */
export const MONEY_BACK_REASONS: Readonly<Record<string, string>> = {
  duplicate_payment: 'پرداخت تکراری',
  late_payment: 'پرداخت پس از لغو یا انقضای سفارش',
  amount_mismatch: 'مغایرت مبلغ',
  reference_mismatch: 'مغایرت شماره مرجع',
  reversal_refused: 'بانک برگشت را نپذیرفت',
  reversal_unanswered: 'بانک به درخواست برگشت پاسخ نداد',
  unproven_reference: 'شماره مرجع اثبات نشد',
  receipt_unavailable: 'رسید بانک در دسترس نبود',
  bank_names_another: 'بانک پرداخت دیگری را برای این تراکنش اعلام کرد',
  refunded_by_hand: 'بازپرداخت دستی توسط پشتیبانی',
  staff_refund: 'بازپرداخت سفارش',
  foreign_card: 'پرداخت با کارتی که در حساب شما ثبت نشده است',
}

export const moneyBackReason = (code: string | null | undefined): string =>
  (code && MONEY_BACK_REASONS[code]) || 'بازگشت وجه'

/** Where the customer's money is, by status of its return. */
export const MONEY_BACK_STATUS: Readonly<Record<string, string>> = {
  held: 'نزد ما، در انتظار بازگشت',
  requested: 'درخواست برگشت به بانک ارسال شد',
  pending: 'در حال واریز به حساب شما',
  done: 'بازگردانده شد',
}
