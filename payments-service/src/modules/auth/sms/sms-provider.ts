/** One verification code going to one phone. */
export interface OtpSms {
  /** 09xxxxxxxxx */
  phone: string
  code: string
}

/** The one interface every SMS vendor sits behind. */
export interface SmsProvider {
  readonly name: string
  sendOtp(message: OtpSms): Promise<void>
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
