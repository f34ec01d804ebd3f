/**
 * One interface for every bank gateway (docs/product/domain.md). Adapters are dumb:
 * they speak the bank's wire format and normalise its answers; every rule about orders (amount
 * check, reference reuse, state changes) lives in the payments service.
 */

export type GatewayName = 'sandbox' | 'sep'

/**
 * How long a bank's payment token lives (SEP: 20 minutes): past it the customer can no longer
 * pay that attempt, so the customer's limits stop holding the order's amount for it (ADR 022).
 */
export const BANK_TOKEN_LIFETIME_MINUTES = 20

export interface TokenRequest {
  /** Our unique id for this attempt (SEP ResNum, ≤ 50 characters). */
  resNum: string
  amountIrr: number
  /** Where the bank sends the browser back (our callback). */
  redirectUrl: string
  /** 09xxxxxxxxx; adapters reformat it as the bank wants. */
  cellNumber?: string | null
  /**
   * The only card the customer may pay with (level 1 and above, ADR 024), as the bank hashes
   * it (SEP's `HashedCardNumber`). Where the bank enforces it the page refuses other cards;
   * either way settlement compares the verify answer's `HashedPan` with the customer's cards.
   */
  hashedCardNumber?: string | null
}

export interface TokenResult {
  token: string
  /** The address the browser's hidden form posts the token to (docs/product/orders.md). */
  gatewayUrl: string
  raw: unknown
}

/** What the bank's callback says, normalised. Not proof of payment: verify is. */
export interface CallbackData {
  resNum: string | null
  token: string | null
  refNum: string | null
  /** The bank's own word for the outcome: "OK", "CanceledByUser", "Failed"... */
  state: string
  /** True only for the success state; anything else is a failed attempt. */
  ok: boolean
  rrn: string | null
  traceNo: string | null
  maskedPan: string | null
  raw: Record<string, string>
}

export interface VerifyResult {
  ok: boolean
  resultCode: number | null
  /** The amount the bank says was paid, to compare with ours. */
  amountIrr: number | null
  refNum: string | null
  rrn: string | null
  maskedPan: string | null
  /** The card that really paid, hashed by the bank (SEP `HashedPan`); null when not given. */
  hashedPan: string | null
  description: string | null
  raw: unknown
}

export interface ReverseResult {
  ok: boolean
  resultCode: number | null
  description: string | null
  raw: unknown
}

/**
 * The bank's record of one attempt, asked for by token when its callback never reached us
 * (reconciliation). `paid` carries the same fields a callback would; `pending` means the
 * payment page may still be in use; `unpaid` is final (cancelled, failed, expired unused).
 */
export type InquiryResult =
  | { kind: 'paid'; callback: CallbackData; raw: unknown }
  | { kind: 'unpaid'; state: string; raw: unknown }
  | { kind: 'pending'; raw: unknown }

export interface PaymentGateway {
  readonly name: GatewayName
  requestToken(request: TokenRequest): Promise<TokenResult>
  parseCallback(fields: Record<string, string>): CallbackData
  verify(input: { refNum: string }): Promise<VerifyResult>
  reverse(input: { refNum: string }): Promise<ReverseResult>
  /** Not proof of payment either: a `paid` answer still goes through verify. */
  inquire(input: { token: string }): Promise<InquiryResult>
}

/**
 * The bank could not be asked (network, timeout, malformed answer) or refused our request.
 * `safeToDisplay` says whether the message may be shown to the customer (monopay's taxonomy).
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused' | 'config',
    readonly raw?: unknown,
  ) {
    super(message)
    this.name = 'GatewayError'
  }
}
