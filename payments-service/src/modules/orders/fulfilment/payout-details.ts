import type { Knex } from 'knex'
import { getShebaInfo } from '@persian-tools/persian-tools'
import type { Logger } from 'pino'
import type { Clock } from '../../../lib/clock.ts'
import type { Actor } from '../../../models/payment-event.model.ts'
import { PaymentDocument } from '../../../models/payment-document.model.ts'
import { Payment } from '../../../models/payment.model.ts'
import { PAYOUT_REQUIREMENTS, type PayoutRequirement } from '@arzpol/contracts/orders/customer'
import { levelOf } from '../../identity/limits.ts'
import { verifiedIdentityOf, type Ownership } from '../../identity/ownership.ts'
import { flowOf, recordEvent, transition, type Stage } from '../state-machine.ts'

/**
 * What a cash-out needs before staff can settle it (ADR 017), decided here and nowhere else:
 * the Sheba the rials go to, at least one income document, and the customer at identity level 1
 * (issue 18, ADR 024: the Sheba's owner is asked against the customer's national code, so the
 * rials reach only the customer's own account). The order's API lists what is still missing
 * (`missing`), and web names it in Persian.
 */

export { PAYOUT_REQUIREMENTS, type PayoutRequirement }

/** Stages in which a cash-out has not reached staff yet, so its details can still change. */
export const PAYOUT_OPEN_STAGES: readonly Stage[] = ['awaiting_payment', 'awaiting_payout_details']

export function missingOf(details: {
  sheba: string | null
  documents: number
  identityLevel: number
}): PayoutRequirement[] {
  const missing: PayoutRequirement[] = []
  if (!details.sheba) missing.push('sheba')
  if (details.documents < 1) missing.push('income_documents')
  if (details.identityLevel < 1) missing.push('identity_level')
  return missing
}

/** The Persian name of a Sheba's bank (from its bank code), for the order's payout details. */
export const shebaBankName = (sheba: string | null): string | null =>
  (sheba && getShebaInfo(sheba)?.persianName) || null

/** What the cash-out rules read of an order. */
type PayoutOrder = Pick<Payment, 'id' | 'user_id' | 'payment_type' | 'stage' | 'sheba'>

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
    documents: await PaymentDocument.countFor(runner, order.id),
    identityLevel: await levelOf(runner, order.user_id),
  })
}

/**
 * A Sheba given for a cash-out must be the customer's own (ADR 024): asked before the order's
 * transaction (the provider may take seconds) when the customer is at level 1; at level 0 the
 * order waits for the level, and the Sheba is asked then (`reviewPayoutsAtLevel1`). 409
 * `sheba_not_owner`; 503 `inquiry_unavailable` when the provider cannot answer.
 */
export async function assertOwnSheba(
  db: Knex,
  ownership: Ownership,
  userId: number,
  sheba: string,
): Promise<void> {
  const identity = await verifiedIdentityOf(db, userId)
  if (identity) await ownership.assertShebaOwner(userId, identity, sheba)
}

/**
 * The customer just reached level 1: their cash-outs waiting for details are looked at again.
 * A Sheba whose owner is the customer lets the order move on (to staff if nothing else is
 * missing); one that is not (or that the provider cannot answer for now) is taken off the
 * order with an audit event, so `missing` asks for it again and the customer hears why when
 * giving it. Never throws: reaching level 1 succeeded whatever happens here.
 */
export async function reviewPayoutsAtLevel1(
  deps: { db: Knex; clock: Clock; logger: Logger; ownership: Ownership },
  userId: number,
): Promise<void> {
  const { db, clock } = deps
  try {
    const identity = await verifiedIdentityOf(db, userId)
    if (!identity) return
    const waiting = await Payment.awaitingPayoutDetailsOf(db, userId)
    for (const { id, sheba } of waiting) {
      let owned = true
      if (sheba) {
        owned = await deps.ownership
          .shebaOwner(userId, identity, sheba)
          .then((answer) => answer === 'matched')
          .catch(() => false)
      }
      await db.transaction(async (trx) => {
        const order: PayoutOrder | undefined = await Payment.lockRow(trx, id)
        if (!order || order.stage !== 'awaiting_payout_details' || order.sheba !== sheba) return
        const who = { actor: 'system' as const, actorUserId: null, now: clock.now() }
        if (!owned) {
          await Payment.setSheba(trx, id, null, who.now)
          await recordEvent(trx, {
            paymentId: id,
            from: order.stage,
            to: order.stage,
            reason: 'sheba_not_owner',
            actor: who.actor,
            actorUserId: null,
            data: {},
            now: who.now,
          })
          return
        }
        await advancePayout(trx, order, { ...who, submit: false })
      })
    }
  } catch (error) {
    deps.logger.error({ err: error, userId }, 'cash-outs not reviewed after level 1')
  }
}

/**
 * Stores the cash-out's Sheba (already validated and normalised by `shebaSchema`) with an
 * audit row (`sheba_recorded`, from = to: the customer's timeline leaves it out). The same
 * Sheba again changes nothing. Inside the caller's transaction, under the order's row lock.
 */
export async function recordSheba(
  trx: Knex.Transaction,
  order: PayoutOrder,
  sheba: string,
  input: { actor: Actor; actorUserId: number | null; now: Date },
): Promise<PayoutOrder> {
  if (order.sheba === sheba) return order
  await Payment.setSheba(trx, order.id, sheba, input.now)
  await recordEvent(trx, {
    paymentId: order.id,
    from: order.stage,
    to: order.stage,
    reason: 'sheba_recorded',
    actor: input.actor,
    actorUserId: input.actorUserId,
    data: { replaced: order.sheba !== null },
    now: input.now,
  })
  return { ...order, sheba }
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
    paymentId: order.id,
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
