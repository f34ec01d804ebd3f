import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import { CARD_MESSAGES } from '@arzpol/contracts/identity/cards'
import { levelOf } from '../../identity/limits.ts'
import { CustomerCard } from '../../../models/customer-card.model.ts'
import { hashedPanOf, verifiedCardHashes } from '../../identity/ownership.ts'

/**
 * Which card may pay (ADR 024), decided at payment start under the customer's row
 * lock: nothing for level 0 (any card, within its limits: the spec's journeys), and from level 1
 * on one of the customer's registered cards, the chosen one or else the first. The answer is
 * the card: its hash, which the token request carries (SEP `HashedCardNumber`), and its id, which
 * the attempt keeps so the order page can name the card the bank expects.
 */
export async function cardRestrictionOf(
  trx: Knex.Transaction,
  userId: number,
  choice: { cardNumber: string | null; cardId?: number | null | undefined },
): Promise<{ id: number; hashed_pan: string } | null> {
  if ((await levelOf(trx, userId)) < 1) return null
  const cards = await CustomerCard.activeOf(trx, userId, ['id', 'hashed_pan'])
  if (cards.length === 0) throw new ApiError(409, CARD_MESSAGES.cardRequired, 'card_required')
  // The card the customer picked on the form (by its id: the full number is never kept), or
  // the one they typed, or else the first.
  const chosen =
    choice.cardId !== null && choice.cardId !== undefined
      ? cards.find((card) => card.id === choice.cardId)
      : choice.cardNumber !== null
        ? cards.find((card) => card.hashed_pan === hashedPanOf(choice.cardNumber as string))
        : cards[0]
  if (!chosen) throw new ApiError(409, CARD_MESSAGES.cardNotRegistered, 'card_not_registered')
  return chosen
}

/**
 * The bank's verify answer names the card that paid (`HashedPan`): from level 1 on it must be
 * one of the customer's cards, or the payment is not theirs to keep (ADR 024). A missing hash
 * counts as foreign: the restriction cannot be shown to hold. The callback's own
 * `HashedCardNumber` is never asked: the customer's browser posts it.
 */
export async function paidWithForeignCard(
  trx: Knex.Transaction,
  userId: number,
  hashedPan: string | null,
): Promise<boolean> {
  if ((await levelOf(trx, userId)) < 1) return false
  if (!hashedPan) return true
  return !(await verifiedCardHashes(trx, userId)).includes(hashedPan.toLowerCase())
}
