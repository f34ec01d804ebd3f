import { Order } from '../../../models/order.model.ts'
import type { User } from '../../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/orders/customer'
import { notFound, visibleOrder } from '../access.ts'
import { conflict } from '../conflict.ts'
import {
  advancePayout,
  askStoredSheba,
  assertOwnSheba,
  PAYOUT_OPEN_STAGES,
  recordSheba,
  type PayoutRequirement,
} from '../fulfilment/payout-details.ts'
import type { OrdersServiceDeps } from '../order-deps.ts'
import { flowOf } from '../state-machine.ts'

/**
 * The customer gives (or corrects) the Sheba of their cash-out before it reaches staff. A
 * cash-out waiting for its details moves on to staff when this was the last thing missing.
 */
export async function setSheba(
  deps: OrdersServiceDeps,
  user: User,
  id: number,
  sheba: string,
  clientIp: string | null = null,
): Promise<{ order: Order; missing: PayoutRequirement[] }> {
  // The Sheba given replaces the order's: only it is asked about.
  const checked = await ownShebaFor(deps, user, id, sheba, clientIp)
  const now = deps.clock.now()
  return deps.db.transaction(async (trx) => {
    const locked = await visibleOrder(trx, user, id, true)
    if (locked.user_id !== user.id) throw notFound()
    if (flowOf(locked.payment_type) !== 'payout') {
      throw conflict(MESSAGES.notPayout, 'not_payout')
    }
    if (!PAYOUT_OPEN_STAGES.includes(locked.stage)) {
      throw conflict(MESSAGES.payoutWithStaff, 'invalid_stage')
    }
    const who = { actor: 'customer' as const, actorUserId: user.id, now }
    const withSheba = await recordSheba(trx, locked, sheba, { ...who, checked })
    const { missing } = await advancePayout(trx, withSheba, { ...who, submit: false })
    return { order: (await Order.withId(trx, id)) as Order, missing }
  })
}

/**
 * The Sheba's owner question, before the order's transaction (the provider may take seconds),
 * and only for the caller's own order: anyone else's is 404 before any question is paid for.
 * Answers whether it was asked and matched (level 1), for the order to keep.
 */
export async function ownShebaFor(
  deps: OrdersServiceDeps,
  user: User,
  id: number,
  sheba: string,
  clientIp: string | null,
): Promise<boolean> {
  const { db } = deps
  const order = await visibleOrder(db, user, id)
  if (order.user_id !== user.id) throw notFound()
  if (flowOf(order.payment_type) !== 'payout') return false
  return assertOwnSheba(db, deps.ownership.fromAddress(clientIp), user.id, sheba)
}

/**
 * The Sheba a cash-out already holds, never checked for its customer, asked about before the
 * order's transaction (ADR 028); null when there is nothing to ask (another type, a checked
 * Sheba, level 0). Someone else's order: 404 before any question.
 */
export async function storedShebaFor(
  deps: OrdersServiceDeps,
  user: User,
  id: number,
  clientIp: string | null,
) {
  const { db } = deps
  const order = await visibleOrder(db, user, id)
  if (order.user_id !== user.id) throw notFound()
  return askStoredSheba(db, deps.ownership.fromAddress(clientIp), order)
}
