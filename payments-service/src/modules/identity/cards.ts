import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { CustomerCard } from '../../models/customer-card.model.ts'
import type { User } from '../../models/user.model.ts'
import {
  CARD_MESSAGES,
  cardBankName,
  maskCardNumber,
  type CardInput,
} from '@arzpol/contracts/identity/cards'
import { hashedPanOf, verifiedIdentityOf, type Ownership } from './ownership.ts'

/**
 * Bank cards the customer owns (ADR 024). A card is registered only after the
 * provider says it belongs to the customer's national code (level 1 gives us both); only its
 * masked number and hash are kept. A removed card keeps its row (`deleted_at`): which cards a
 * customer paid with is AML record.
 */

const CARD_COLUMNS = ['id', 'masked_number', 'bank_name', 'created_at'] as const
const UNIQUE_CARD = 'customer_cards_user_hash_key'

const alreadyRegistered = () =>
  new ApiError(409, CARD_MESSAGES.alreadyRegistered, 'card_already_registered')

export function createCardService(deps: {
  db: Knex
  clock: Clock
  ownership: Ownership
  /** Cards a customer may have registered at once (IDENTITY_CARD_LIMIT_PER_CUSTOMER). */
  maxCards: number
}) {
  const { db, clock, maxCards } = deps
  const tooMany = () => new ApiError(409, CARD_MESSAGES.tooMany(maxCards), 'too_many_cards')

  async function list(user: User) {
    return CustomerCard.activeOf(db, user.id, CARD_COLUMNS)
  }

  /**
   * Our own checks first (level, the same card twice, room for one more card), then the paid
   * owner question (under the daily caps of the customer and of `clientIp`, ADR 030), then the
   * row: the count is taken again under the customer's lock, so two registrations at once
   * cannot both take the last place, and the partial unique index settles two registrations
   * of one card at once.
   */
  async function register(user: User, input: CardInput, clientIp: string | null) {
    const identity = await verifiedIdentityOf(db, user.id)
    if (!identity) {
      throw new ApiError(403, CARD_MESSAGES.levelRequired, 'identity_level_required')
    }
    const digits = input.card_number
    const hashed = hashedPanOf(digits)
    if (await CustomerCard.isActive(db, user.id, hashed)) throw alreadyRegistered()
    if ((await CustomerCard.activeCount(db, user.id)) >= maxCards) throw tooMany()
    const owner = await deps.ownership.fromAddress(clientIp).cardOwner(user.id, identity, digits)
    if (owner !== 'matched') {
      throw new ApiError(409, CARD_MESSAGES.notOwner, 'card_not_owner')
    }
    try {
      return await db.transaction(async (trx) => {
        await CustomerCard.lockRegistrationsOf(trx, user.id)
        if ((await CustomerCard.activeCount(trx, user.id)) >= maxCards) throw tooMany()
        const card = await CustomerCard.insertReturning(
          trx,
          {
            user_id: user.id,
            masked_number: maskCardNumber(digits),
            hashed_pan: hashed,
            // The contract's schema refused a card of an unknown bank.
            bank_name: cardBankName(digits) ?? '',
            created_at: clock.now(),
          },
          CARD_COLUMNS,
        )
        if (!card) throw new Error('customer_cards: INSERT returned no row')
        return card
      })
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_CARD)) throw alreadyRegistered()
      throw error
    }
  }

  /** Someone else's card answers 404, exactly like a missing one (ids cannot be probed). */
  async function remove(user: User, id: number): Promise<void> {
    const removed = await CustomerCard.remove(db, user.id, id, clock.now())
    if (removed === 0) throw new ApiError(404, CARD_MESSAGES.notFound, 'not_found')
  }

  return { list, register, remove }
}

export type CardService = ReturnType<typeof createCardService>
