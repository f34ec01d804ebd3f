import { toPersianDigits } from '@arzpol/shared'

/** One verification code going to one phone. */
export interface OtpSms {
  /** 09xxxxxxxxx */
  phone: string
  code: string
}

/** "Support answered your ticket", to the ticket's owner. */
export interface TicketReplySms {
  /** 09xxxxxxxxx */
  phone: string
  ticketId: number
}

/** The one interface every SMS vendor sits behind. */
export interface SmsProvider {
  readonly name: string
  sendOtp(message: OtpSms): Promise<void>
  sendTicketReply(message: TicketReplySms): Promise<void>
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
