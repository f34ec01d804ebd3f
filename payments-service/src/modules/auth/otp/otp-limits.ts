/** The resend countdown the client shows (docs/product/auth.md); a code lives exactly that long. */
export const OTP_TTL_SECONDS = 120
/** Wrong guesses a code survives; the next guess is refused even when it is right. */
export const OTP_MAX_ATTEMPTS = 5

/** Send limits count the codes of the last hour; older challenges no longer matter. */
export const OTP_SEND_WINDOW_MS = 3_600_000

export interface OtpLimits {
  perPhonePerHour: number
  perIpPerHour: number
}
