/**
 * Test cards of the sandbox bank (Luhn-valid, Saman BIN 621986). Any CVV2, any future expiry
 * and any PIN2 are accepted; the card number alone decides the outcome, once the token's card
 * restriction allows the card (server.ts). The payment page also has a cancel button (انصراف),
 * which returns State=CanceledByUser.
 */
export const TEST_CARDS = {
  success: '6219861000000009',
  insufficientFunds: '6219862000000007',
  wrongPin: '6219863000000005',
  /** Pays, but the bank refuses every reversal of its payments (for the money-back journeys). */
  noReversal: '6219864000000003',
  /**
   * Pays like `success`: a second card. Against a token restricted to another card the bank
   * refuses it on its page; with the restriction ignored (a bank without VSEP, tests only) it
   * pays, and a level-1 customer's payment is reversed as a foreign card (ADR 024).
   */
  other: '6219865000000018',
} as const

export type CardOutcome =
  | { kind: 'success'; refusesReversal?: true }
  | { kind: 'failed'; reason: string }
  | { kind: 'unknown' }

export function outcomeOf(pan: string): CardOutcome {
  switch (pan.replace(/\D/g, '')) {
    case TEST_CARDS.success:
    case TEST_CARDS.other:
      return { kind: 'success' }
    case TEST_CARDS.noReversal:
      return { kind: 'success', refusesReversal: true }
    case TEST_CARDS.insufficientFunds:
      return { kind: 'failed', reason: 'موجودی حساب کافی نیست' }
    case TEST_CARDS.wrongPin:
      return { kind: 'failed', reason: 'رمز دوم نادرست است' }
    default:
      return { kind: 'unknown' }
  }
}
