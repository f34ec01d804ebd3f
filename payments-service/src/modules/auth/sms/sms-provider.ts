import { formatJalaliDate, formatToman, toPersianDigits } from '@arzpol/contracts'

/**
 * What every message may carry: its key, sent to the vendor as Kavenegar's `localid` so that a
 * message handed over twice (a worker killed after the vendor took it) goes out once.
 */
export interface SmsKey {
  /** Digits only, unique per message (outbox.ts derives it from the job's id). */
  localId?: string
}

/** Every message goes to one phone. */
export interface SmsToPhone extends SmsKey {
  /** 09xxxxxxxxx */
  phone: string
}

/** One verification code going to one phone. */
export interface OtpSms extends SmsToPhone {
  code: string
}

/** "Support answered your ticket", to the ticket's owner. */
export interface TicketReplySms extends SmsToPhone {
  ticketId: number
}

/** "Your order changed status", to the order's owner. No amounts, no secrets. */
export interface OrderStatusSms extends SmsToPhone {
  orderId: number
  /** Persian words for the new state, e.g. «انجام شد». */
  statusLabel: string
}

/** "Register and password reset are locked for your phone" (too many wrong codes). */
export interface OtpLockSms extends SmsToPhone {
  /** How long the lock lasts, in whole hours. */
  hours: number
}

/** "Money of your order is on its way back" (ADR 014): amount, why, and by when. */
export interface MoneyBackSms extends SmsToPhone {
  orderId: number
  amountIrr: number
  /** Persian words for why, e.g. «پرداخت تکراری» (shared `moneyBackReason`). */
  reason: string
  /** When the money should be on the customer's account; null when nobody can say. */
  expectedBy: Date | null
}

/**
 * "Give us your own account for the transfer" (ADR 038): money of the order goes back by a bank
 * transfer, and the order has no account for it yet. Names the order, nothing else.
 */
export interface RefundAccountSms extends SmsToPhone {
  orderId: number
}

/**
 * "A colleague's proposal waits for your approval", to staff: names the proposal, never the
 * customer or the amount (a staff phone may be read by others).
 */
export interface ProposalWaitingSms extends SmsToPhone {
  proposalId: number
}

/** The one interface every SMS vendor sits behind. */
export interface SmsProvider {
  readonly name: string
  sendOtp(message: OtpSms): Promise<void>
  sendTicketReply(message: TicketReplySms): Promise<void>
  /** Optional: a vendor without an order template sends nothing. */
  sendOrderStatus?(message: OrderStatusSms): Promise<void>
  /** Optional: a vendor without a lock-notice template sends nothing. */
  sendOtpLocked?(message: OtpLockSms): Promise<void>
  /** Optional: a vendor without a money-back template sends nothing. */
  sendMoneyBack?(message: MoneyBackSms): Promise<void>
  /** Optional: a vendor without a refund-account template sends nothing. */
  sendRefundAccount?(message: RefundAccountSms): Promise<void>
  /** Optional: a vendor without a staff-proposal template sends nothing. */
  sendProposalWaiting?(message: ProposalWaitingSms): Promise<void>
}

/**
 * The text of a code message. The last line is the WebOTP / iOS one-time-code format
 * (`@host #code`), which lets the phone offer the code for autofill on our site only.
 */
export function otpSmsText(code: string, webOtpDomain: string): string {
  return [
    `کد تایید ارزپل: ${code}`,
    'این کد را به هیچ‌کس ندهید.',
    '',
    `@${webOtpDomain} #${code}`,
  ].join('\n')
}

/** The text of a ticket-reply notice; it names the ticket, never the reply (it may be private). */
export function ticketReplySmsText(ticketId: number): string {
  return [
    `پشتیبانی ارزپل به تیکت شماره ${toPersianDigits(ticketId)} شما پاسخ داد.`,
    'برای دیدن پاسخ وارد حساب کاربری خود شوید.',
  ].join('\n')
}

/** The text of an order status notice: the order number and its new state, nothing else. */
export function orderStatusSmsText(orderId: number, statusLabel: string): string {
  return [
    `ارزپل: سفارش شماره ${toPersianDigits(orderId)} شما ${statusLabel}.`,
    'برای دیدن جزئیات وارد حساب کاربری خود شوید.',
  ].join('\n')
}

/** The text of a refund-account request: which order, what to give, and where. */
export function refundAccountSmsText(orderId: number): string {
  return [
    `ارزپل: پول سفارش شماره ${toPersianDigits(orderId)} شما با انتقال بانکی بازگردانده می‌شود.`,
    'شماره شبای حسابی به نام خودتان را در صفحه همین سفارش بنویسید.',
  ].join('\n')
}

/** The text of a staff proposal notice: which proposal waits, and where to decide it. */
export function proposalWaitingSmsText(proposalId: number): string {
  return [
    `ارزپل (کارکنان): پیشنهاد شماره ${toPersianDigits(proposalId)} منتظر تأیید یک همکار است.`,
    'در بخش «تأییدها» در پنل پشتیبانی بررسی کنید.',
  ].join('\n')
}

/** The text of a lock notice: what happened, for how long, and that the password still works. */
export function otpLockedSmsText(hours: number): string {
  return [
    `ارزپل: به دلیل ورود چندباره کد تایید نادرست، ثبت‌نام و بازیابی رمز عبور با شماره شما ${toPersianDigits(hours)} ساعت قفل شد.`,
    'ورود با رمز عبور همچنان ممکن است. اگر این شما نبودید، کد تایید را به هیچ‌کس ندهید.',
  ].join('\n')
}

/**
 * The text of a money-back notice: the order, the amount, why, and by when. The bank's tracking
 * number comes later (a transfer is recorded after it is made): the order page shows it.
 */
export function moneyBackSmsText(message: Omit<MoneyBackSms, 'phone'>): string {
  return [
    `ارزپل: ${formatToman(message.amountIrr)} از پرداخت سفارش شماره ${toPersianDigits(message.orderId)} شما به حسابتان بازمی‌گردد (${message.reason}).`,
    message.expectedBy
      ? `تا ${formatJalaliDate(message.expectedBy)} به حساب شما می‌رسد؛ شماره پیگیری در صفحه سفارش.`
      : 'زمان و شماره پیگیری آن را در صفحه سفارش ببینید.',
  ].join('\n')
}
