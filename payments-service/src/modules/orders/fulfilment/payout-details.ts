import type { Knex } from 'knex'
import { getShebaInfo } from '@persian-tools/persian-tools'
import type { Logger } from 'pino'
import { ApiError } from '../../../http/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import type { Actor } from '../../../models/order-event.model.ts'
import { OrderDocument } from '../../../models/order-document.model.ts'
import { Order } from '../../../models/order.model.ts'
import { PAYOUT_REQUIREMENTS, type PayoutRequirement } from '@arzpol/contracts/orders/customer'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { levelOf } from '../../identity/limits.ts'
import {
  verifiedIdentityOf,
  type Ownership,
  type VerifiedIdentity,
} from '../../identity/ownership.ts'
import { flowOf, recordEvent, transition, type Stage } from '../state-machine.ts'

/**
 * What a cash-out needs before staff can settle it (ADR 017), decided here and nowhere else:
 * the Sheba the rials go to, at least one income document, the customer at identity level 1
 * (ADR 024: the Sheba's owner is asked against the customer's national code, so the
 * rials reach only the customer's own account), and that answer kept on the order for the Sheba
 * it holds now (ADR 028). The order's API lists what is still missing (`missing`), and web
 * names it in Persian.
 */

export { PAYOUT_REQUIREMENTS, type PayoutRequirement }

/** Stages in which a cash-out has not reached staff yet, so its details can still change. */
export const PAYOUT_OPEN_STAGES: readonly Stage[] = ['awaiting_payment', 'awaiting_payout_details']

export function missingOf(details: {
  sheba: string | null
  /** The order's current Sheba passed the owner question for this customer at level 1. */
  shebaChecked: boolean
  documents: number
  identityLevel: number
}): PayoutRequirement[] {
  const missing: PayoutRequirement[] = []
  if (!details.sheba) missing.push('sheba')
  if (details.documents < 1) missing.push('income_documents')
  if (details.identityLevel < 1) missing.push('identity_level')
  // A Sheba may be stored at any level, even level 0 where nobody can ask whose it is; being
  // level 1 now says nothing about it, so the order itself must say it was asked and matched.
  if (details.sheba && !details.shebaChecked) missing.push('sheba_owner_check')
  return missing
}

/** The Persian name of a Sheba's bank (from its bank code), for the order's payout details. */
export const shebaBankName = (sheba: string | null): string | null =>
  (sheba && getShebaInfo(sheba)?.persianName) || null

/** What the cash-out rules read of an order. */
type PayoutOrder = Pick<
  Order,
  'id' | 'user_id' | 'payment_type' | 'stage' | 'sheba' | 'sheba_owner_checked_at'
>

/**
 * What the order still needs: empty for any other type, and for a cash-out that reached staff
 * (or ended).
 */
export async function missingPayoutDetails(
  runner: Knex | Knex.Transaction,
  order: PayoutOrder,
): Promise<PayoutRequirement[]> {
  if (flowOf(order.payment_type) !== 'payout' || !PAYOUT_OPEN_STAGES.includes(order.stage))
    return []
  return missingOf({
    sheba: order.sheba,
    shebaChecked: order.sheba_owner_checked_at !== null,
    documents: await OrderDocument.countFor(runner, order.id),
    identityLevel: await levelOf(runner, order.user_id),
  })
}

/**
 * A Sheba given for a cash-out must be the customer's own (ADR 024): asked before the order's
 * transaction (the provider may take seconds) when the customer is at level 1; at level 0 the
 * order keeps it unchecked and waits for the level, and the Sheba is asked then
 * (`reviewPayoutsAtLevel1`). 409 `sheba_not_owner`; 503 `inquiry_unavailable` when the provider
 * cannot answer. Answers whether it was asked (and matched), for the order to keep (ADR 028).
 */
export async function assertOwnSheba(
  db: Knex,
  ownership: Ownership,
  userId: number,
  sheba: string,
): Promise<boolean> {
  const identity = await verifiedIdentityOf(db, userId)
  if (!identity) return false
  await ownership.assertShebaOwner(userId, identity, sheba)
  return true
}

/** The owner question's answer as the cash-out rules use it. */
type ShebaAnswer = 'matched' | 'not_owner' | 'unanswered'

const UNANSWERED = new Set(['inquiry_unavailable', 'inquiry_limit'])

/**
 * Asks whose the Sheba is; a provider that cannot answer now, or a question over today's cap of
 * paid inquiries (ADR 030), is `unanswered`, never a match.
 */
async function askShebaOwner(
  ownership: Ownership,
  userId: number,
  identity: VerifiedIdentity,
  sheba: string,
): Promise<ShebaAnswer> {
  try {
    return (await ownership.shebaOwner(userId, identity, sheba)) === 'matched'
      ? 'matched'
      : 'not_owner'
  } catch (error) {
    if (error instanceof ApiError && UNANSWERED.has(error.code)) return 'unanswered'
    throw error
  }
}

/** What the owner question said of the Sheba an order held when it was asked. */
export interface StoredShebaAnswer {
  sheba: string
  answer: ShebaAnswer
}

/**
 * A cash-out not yet with staff that holds a Sheba never checked for its customer (given at
 * level 0, or when the provider could not answer) is asked about once the customer is at
 * level 1. Call it before the order's transaction (the provider may take seconds) and hand the
 * answer to `applyShebaAnswer` inside it. Null when there is nothing to ask.
 */
export async function askStoredSheba(
  db: Knex,
  ownership: Ownership,
  order: PayoutOrder,
): Promise<StoredShebaAnswer | null> {
  if (flowOf(order.payment_type) !== 'payout' || !PAYOUT_OPEN_STAGES.includes(order.stage)) {
    return null
  }
  if (!order.sheba || order.sheba_owner_checked_at) return null
  const identity = await verifiedIdentityOf(db, order.user_id)
  if (!identity) return null
  return {
    sheba: order.sheba,
    answer: await askShebaOwner(ownership, order.user_id, identity, order.sheba),
  }
}

/**
 * Keeps the answer of `askStoredSheba` on the order, under its row lock (`order` was read under
 * it), unless the order changed since: the customer's own Sheba is marked checked; someone
 * else's is taken off with a `sheba_not_owner` event, so `missing` asks for a Sheba again and
 * the order's history says why; an unanswered one stays, still unchecked, and is asked about
 * again next time. Answers the order as it now is.
 */
export async function applyShebaAnswer(
  trx: Knex.Transaction,
  order: PayoutOrder,
  asked: StoredShebaAnswer | null,
  now: Date,
): Promise<PayoutOrder> {
  if (!asked || asked.answer === 'unanswered') return order
  if (order.sheba !== asked.sheba || order.sheba_owner_checked_at) return order
  if (!PAYOUT_OPEN_STAGES.includes(order.stage)) return order
  if (asked.answer === 'matched') {
    await Order.markShebaOwnerChecked(trx, order.id, asked.sheba, now)
    return { ...order, sheba_owner_checked_at: now }
  }
  await Order.setSheba(trx, order.id, null, now, null)
  await recordEvent(trx, {
    orderId: order.id,
    from: order.stage,
    to: order.stage,
    reason: 'sheba_not_owner',
    actor: 'system',
    actorUserId: null,
    data: {},
    now,
  })
  return { ...order, sheba: null, sheba_owner_checked_at: null }
}

/**
 * The customer just reached level 1: their cash-outs not yet with staff (awaiting payment or
 * their details) are looked at again. A Sheba whose owner is the customer is marked checked and
 * lets a waiting order move on (to staff if nothing else is missing; one awaiting payment stays
 * there until started); one that is not is taken off the order with an audit event, so
 * `missing` asks for it again and the customer hears why when giving it; one the provider cannot
 * answer for now stays unchecked and the order keeps waiting (ADR 028). Never throws: reaching
 * level 1 succeeded whatever happens here.
 */
export async function reviewPayoutsAtLevel1(
  deps: { db: Knex; clock: Clock; logger: Logger; ownership: Ownership },
  userId: number,
): Promise<void> {
  const { db, clock } = deps
  try {
    const identity = await verifiedIdentityOf(db, userId)
    if (!identity) return
    const open = await Order.payoutsOf(db, userId, PAYOUT_OPEN_STAGES)
    for (const { id, sheba, sheba_owner_checked_at: checked } of open) {
      const asked: StoredShebaAnswer | null =
        sheba && !checked
          ? {
              sheba,
              answer: await askShebaOwner(deps.ownership, userId, identity, sheba).catch(
                () => 'unanswered' as const,
              ),
            }
          : null
      await db.transaction(async (trx) => {
        const locked: PayoutOrder | undefined = await Order.lockedRowWithId(trx, id)
        if (!locked || !PAYOUT_OPEN_STAGES.includes(locked.stage)) return
        const now = clock.now()
        const order = await applyShebaAnswer(trx, locked, asked, now)
        await advancePayout(trx, order, { actor: 'system', actorUserId: null, now, submit: false })
      })
    }
  } catch (error) {
    deps.logger.error({ err: error, userId }, 'cash-outs not reviewed after level 1')
  }
}

/**
 * Stores the cash-out's Sheba (already validated and normalised by `shebaSchema`) with an
 * audit row (`sheba_recorded`, from = to: the customer's timeline leaves it out), and whether it
 * passed the owner question just now (`checked`: asked at level 1 before this transaction). A
 * new Sheba never keeps the check of the one before; the same Sheba again only adds a check it
 * lacked. Inside the caller's transaction, under the order's row lock.
 */
export async function recordSheba(
  trx: Knex.Transaction,
  order: PayoutOrder,
  sheba: string,
  input: { actor: Actor; actorUserId: number | null; now: Date; checked: boolean },
): Promise<PayoutOrder> {
  if (order.sheba === sheba) {
    if (!input.checked || order.sheba_owner_checked_at) return order
    await Order.markShebaOwnerChecked(trx, order.id, sheba, input.now)
    return { ...order, sheba_owner_checked_at: input.now }
  }
  const checkedAt = input.checked ? input.now : null
  await Order.setSheba(trx, order.id, sheba, input.now, checkedAt)
  await recordEvent(trx, {
    orderId: order.id,
    from: order.stage,
    to: order.stage,
    reason: 'sheba_recorded',
    actor: input.actor,
    actorUserId: input.actorUserId,
    data: { replaced: order.sheba !== null },
    now: input.now,
  })
  return { ...order, sheba, sheba_owner_checked_at: checkedAt }
}

/** What staff settle a cash-out to: the Sheba the provider said is the customer's just before. */
export interface SettleSheba {
  sheba: string
}

const settleRefused = (answer: ShebaAnswer) =>
  answer === 'not_owner'
    ? new ApiError(409, STAFF_MESSAGES.settleShebaNotOwner, 'sheba_not_owner')
    : new ApiError(409, STAFF_MESSAGES.settleShebaUnconfirmed, 'sheba_unconfirmed')

/**
 * Before staff settle a cash-out (`done` from `in_progress`), the provider is asked once more
 * whether the order's Sheba is its customer's: the rials leave for good at this step, and an
 * order that reached staff before the check was kept on the order never had it. Before the
 * move's transaction (the provider may take seconds). 409 `sheba_not_owner` when it is someone
 * else's, 409 `sheba_unconfirmed` when nobody can say (no answer, no level 1, no Sheba). Null
 * for every other move: nothing is asked.
 */
export async function assertSettleSheba(
  deps: { db: Knex; logger: Logger; ownership: Ownership },
  id: number,
  to: string,
): Promise<SettleSheba | null> {
  const order = await Order.shebaOwnerOf(deps.db, id)
  if (!order || to !== 'done' || flowOf(order.payment_type) !== 'payout') return null
  if (order.stage !== 'in_progress') return null
  const identity = order.sheba ? await verifiedIdentityOf(deps.db, order.user_id) : null
  const answer: ShebaAnswer =
    order.sheba && identity
      ? await askShebaOwner(deps.ownership, order.user_id, identity, order.sheba)
      : 'unanswered'
  if (answer !== 'matched' || !order.sheba) {
    deps.logger.warn({ orderId: id, answer }, 'cash-out settle refused: Sheba owner not confirmed')
    throw settleRefused(answer)
  }
  return { sheba: order.sheba }
}

/**
 * In the settle's transaction, under the order's row lock: a move that settles a cash-out goes
 * ahead only with the answer `assertSettleSheba` got for the Sheba the order still holds, and
 * the order keeps that check. Any other move passes untouched.
 */
export async function confirmSettleSheba(
  trx: Knex.Transaction,
  order: { id: number; payment_type: string },
  action: { result: Stage },
  asked: SettleSheba | null,
  now: Date,
): Promise<void> {
  if (flowOf(order.payment_type) !== 'payout' || action.result !== 'done') return
  const current = await Order.shebaOwnerOf(trx, order.id)
  if (!asked || current?.sheba !== asked.sheba) throw settleRefused('unanswered')
  if (!current.sheba_owner_checked_at) {
    await Order.markShebaOwnerChecked(trx, order.id, asked.sheba, now)
  }
}

/**
 * Submits a cash-out (start, from `awaiting_payment`) or re-checks one waiting for its details
 * (after a Sheba or a document arrived): to `in_progress` when nothing is missing, otherwise
 * (on submit only) to `awaiting_payout_details`. Each move is the guarded transition with its
 * audit event; a check that finds something still missing changes nothing. Must run inside the
 * caller's transaction, which holds the order's row lock (`order` was read under it).
 */
export async function advancePayout(
  trx: Knex.Transaction,
  order: PayoutOrder,
  input: { actor: Actor; actorUserId: number | null; now: Date; submit: boolean },
): Promise<{ stage: Stage; missing: PayoutRequirement[] }> {
  const missing = await missingPayoutDetails(trx, order)
  const from = order.stage
  if (from === 'awaiting_payment' && !input.submit) return { stage: from, missing }
  let to: Stage
  if (missing.length === 0) to = 'in_progress'
  else if (from === 'awaiting_payment') to = 'awaiting_payout_details'
  else return { stage: from, missing }
  const moved = await transition(trx, {
    orderId: order.id,
    to,
    from: [from],
    reason:
      to === 'awaiting_payout_details'
        ? 'payout_details_missing'
        : from === 'awaiting_payment'
          ? 'payout_submitted'
          : 'payout_details_complete',
    actor: input.actor,
    actorUserId: input.actorUserId,
    data: missing.length > 0 ? { missing } : {},
    now: input.now,
  })
  if (!moved) throw new Error(`payout ${order.id} left ${from} under its own lock`)
  return { stage: to, missing }
}
