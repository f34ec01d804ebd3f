import type { Knex } from 'knex'
import type { Actor } from '../../../models/payment-event.model.ts'
import { PAYOUT_REQUIREMENTS, type PayoutRequirement } from '@arzpol/contracts/orders/customer'
import { flowOf, recordEvent, transition, type Stage } from '../state-machine.ts'

/**
 * What a cash-out needs before staff can settle it (ADR 017), decided here and nowhere else:
 * the Sheba the rials go to and at least one income document. The order's API lists what is
 * still missing (`missing`), and web names it in Persian.
 */

export { PAYOUT_REQUIREMENTS, type PayoutRequirement }

/** Stages in which a cash-out has not reached staff yet, so its details can still change. */
export const PAYOUT_OPEN_STAGES: readonly Stage[] = ['awaiting_payment', 'awaiting_payout_details']

export function missingOf(details: {
  sheba: string | null
  documents: number
}): PayoutRequirement[] {
  const missing: PayoutRequirement[] = []
  if (!details.sheba) missing.push('sheba')
  if (details.documents < 1) missing.push('income_documents')
  return missing
}

interface PayoutOrder {
  id: number
  payment_type: string
  stage: Stage
  sheba: string | null
}

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
  const row = (await runner('payment_documents')
    .where({ payment_id: order.id })
    .count({ n: '*' })
    .first()) as { n: string | number } | undefined
  return missingOf({ sheba: order.sheba, documents: Number(row?.n ?? 0) })
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
  await trx('payments').where({ id: order.id }).update({ sheba, updated_at: input.now })
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
