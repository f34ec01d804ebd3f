/**
 * One interface for every identity-inquiry provider (ADR 022), like the gateway and SMS
 * adapters: they speak the provider's wire format and answer matched or not; what a match means
 * for the customer (levels, limits, reuse of earlier answers) lives in the identity service.
 */

export type IdentityProviderName = 'sandbox' | 'jibit'

export type InquiryKind = 'mobile_national_code' | 'card_owner' | 'sheba_owner'

export type InquiryAnswer = 'matched' | 'mismatched'

export interface MobileOwnerQuestion {
  /** 09xxxxxxxxx */
  mobile: string
  nationalCode: string
}

export interface CardOwnerQuestion {
  /** 16 digits */
  cardNumber: string
  nationalCode: string
  /** Jalali `YYYY/MM/DD` */
  birthDate: string
}

export interface ShebaOwnerQuestion {
  /** IR + 24 digits */
  sheba: string
  nationalCode: string
  /** Jalali `YYYY/MM/DD` */
  birthDate: string
}

export interface IdentityInquiry {
  readonly name: IdentityProviderName
  /** Shahkar: is this SIM registered to this national code? */
  mobileMatchesNationalCode(question: MobileOwnerQuestion): Promise<InquiryAnswer>
  /** Does this bank card belong to this person? */
  cardMatchesNationalCode(question: CardOwnerQuestion): Promise<InquiryAnswer>
  /** Does this Sheba's account belong to this person? */
  shebaMatchesNationalCode(question: ShebaOwnerQuestion): Promise<InquiryAnswer>
}

/**
 * - timeout: no answer within the configured time (ask again later);
 * - unavailable: refused, malformed or a server error (ask again later);
 * - unsupported: this provider cannot answer this kind of question.
 */
export class InquiryError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unavailable' | 'unsupported',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'InquiryError'
  }
}
