/**
 * The sandbox inquiry provider's test identities (documented in modules/identity/README.md).
 * Every other national code with a valid checksum matches every mobile, card and Sheba, so a
 * developer can reach level 1 with any valid code (`0024681350`, or their own).
 */
export const SANDBOX_IDENTITIES = {
  /** Matches: the mobile, card or Sheba is registered to this person. */
  matched: '0024681350',
  /** Mismatches every mobile, card and Sheba ("not registered in your name"). */
  mismatched: '0012345679',
  /** Never answered in time: the provider hangs until the caller gives up. */
  timeout: '0098765434',
  /** Answers HTTP 500, like a provider that is down. */
  unavailable: '0055555500',
} as const

/** A card that belongs to someone else, whatever the national code (Bank Melli, Luhn-valid). */
export const SANDBOX_FOREIGN_CARD = '6037990000000006'
/** A card whose owner question the provider fails to answer (HTTP 500), whatever the code. */
export const SANDBOX_UNANSWERED_CARD = '6037991111111112'
/** A Sheba that belongs to someone else, whatever the national code (mod-97 valid, Parsian). */
export const SANDBOX_FOREIGN_SHEBA = 'IR950540000000000000000000'
/** A Sheba whose owner question the provider fails to answer (HTTP 500), whatever the code. */
export const SANDBOX_UNANSWERED_SHEBA = 'IR760170000000000000000001'

export type SandboxBehaviour = 'matched' | 'mismatched' | 'timeout' | 'unavailable'

export function behaviourOf(params: URLSearchParams): SandboxBehaviour {
  const code = params.get('nationalCode')
  if (code === SANDBOX_IDENTITIES.timeout) return 'timeout'
  if (code === SANDBOX_IDENTITIES.unavailable) return 'unavailable'
  if (params.get('cardNumber') === SANDBOX_UNANSWERED_CARD) return 'unavailable'
  if (params.get('iban') === SANDBOX_UNANSWERED_SHEBA) return 'unavailable'
  if (code === SANDBOX_IDENTITIES.mismatched) return 'mismatched'
  if (params.get('cardNumber') === SANDBOX_FOREIGN_CARD) return 'mismatched'
  if (params.get('iban') === SANDBOX_FOREIGN_SHEBA) return 'mismatched'
  return 'matched'
}
