import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { CustomerCard } from '../../models/customer-card.model.ts'
import { CustomerIdentity } from '../../models/customer-identity.model.ts'
import { MESSAGES } from '@arzpol/contracts/identity/customer'
import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'
import { InquiryError, type InquiryAnswer } from './inquiry.ts'
import type { InquiryLog } from './inquiries.ts'

/**
 * Whose card, whose Sheba (ADR 024): the customer's verified identity and the owner
 * questions put to the inquiry provider on their behalf. Used by the card routes, the payment
 * start (cards only) and the cash-out (Sheba).
 */

/** Seconds a customer is asked to wait after the provider did not answer. */
export const INQUIRY_RETRY_AFTER_SECONDS = 60

/** The provider did not answer, or cannot answer this question: never a match, never a 500. */
export const inquiryUnavailable = () =>
  new ApiError(503, MESSAGES.inquiryUnavailable, 'inquiry_unavailable', {
    body: { retry_after: INQUIRY_RETRY_AFTER_SECONDS },
    headers: { 'Retry-After': String(INQUIRY_RETRY_AFTER_SECONDS) },
  })

/**
 * The card hash SEP's verify answer carries as `HashedPan`: SHA-256 of the 16 digits, hex. SEP
 * does not publish its algorithm [U, ADR 024]; the sandbox bank hashes the same way, and a
 * different real one shows as every level-1 payment reversed (foreign card), not as a leak.
 */
export const hashedPanOf = (digits: string): string =>
  createHash('sha256').update(digits).digest('hex')

export interface VerifiedIdentity {
  nationalCode: string
  /** Jalali `YYYY/MM/DD`, as the provider's card and Sheba questions take it. */
  birthDate: string
}

/** The customer's verified identity (level 1 and up), or null at level 0. */
export async function verifiedIdentityOf(
  runner: Knex | Knex.Transaction,
  userId: number,
): Promise<VerifiedIdentity | null> {
  const row = await CustomerIdentity.verifiedOf(runner, userId)
  return row ? { nationalCode: row.national_code, birthDate: row.birth_date_jalali } : null
}

/** The hashes of the customer's registered cards, oldest first (the default card is the first). */
export async function verifiedCardHashes(
  runner: Knex | Knex.Transaction,
  userId: number,
): Promise<string[]> {
  const rows = await CustomerCard.activeOf(runner, userId, ['hashed_pan'])
  return rows.map((row) => row.hashed_pan)
}

/** An owner question whose provider could not answer becomes 503 `inquiry_unavailable`. */
async function askOwner(ask: () => Promise<InquiryAnswer>): Promise<InquiryAnswer> {
  try {
    return await ask()
  } catch (error) {
    if (error instanceof InquiryError) throw inquiryUnavailable()
    throw error
  }
}

export interface Ownership {
  /** Does this card (16 digits) belong to this person? 503 when the provider cannot say. */
  cardOwner(userId: number, identity: VerifiedIdentity, cardNumber: string): Promise<InquiryAnswer>
  /**
   * Does this Sheba belong to this person? A provider that cannot ask it (Jibit, as far as we
   * know: `unsupported`) answers 503 too: a cash-out never goes to an unchecked
   * account (ADR 024).
   */
  shebaOwner(userId: number, identity: VerifiedIdentity, sheba: string): Promise<InquiryAnswer>
  /** 409 `sheba_not_owner` unless the customer (level 1) owns the Sheba. */
  assertShebaOwner(userId: number, identity: VerifiedIdentity, sheba: string): Promise<void>
  /**
   * The same questions, counted against the daily cap of the client address of the request
   * that asks them as well as the customer's (ADR 030). Without it (background work, staff)
   * they count for the customer only.
   */
  fromAddress(clientIp: string | null): Ownership
}

/** Every question may be refused with 429 `inquiry_limit` (a daily cap, ADR 030). */
export function createOwnership(inquiries: InquiryLog, clientIp: string | null = null): Ownership {
  const cardOwner = (userId: number, identity: VerifiedIdentity, cardNumber: string) =>
    askOwner(() => inquiries.ask('card_owner', { cardNumber, ...identity }, { userId, clientIp }))

  const shebaOwner = (userId: number, identity: VerifiedIdentity, sheba: string) =>
    askOwner(() => inquiries.ask('sheba_owner', { sheba, ...identity }, { userId, clientIp }))

  async function assertShebaOwner(userId: number, identity: VerifiedIdentity, sheba: string) {
    if ((await shebaOwner(userId, identity, sheba)) !== 'matched') {
      throw new ApiError(409, CARD_MESSAGES.shebaNotOwner, 'sheba_not_owner')
    }
  }

  return {
    cardOwner,
    shebaOwner,
    assertShebaOwner,
    fromAddress: (address) => createOwnership(inquiries, address),
  }
}
