import type { Knex } from 'knex'
import { ValidationError } from '../../../http/errors.ts'
import { Order, type OrderView } from '../../../models/order.model.ts'
import type { User } from '../../../models/user.model.ts'
import { amountLimitError, type CreateOrderInput } from '@arzpol/contracts/orders/customer'
import { assertWithinLimits } from '../../identity/limits.ts'
import { assertOwnSheba } from '../fulfilment/payout-details.ts'
import type { IdempotencyRequest, OrderDeps, OrdersServiceDeps } from '../order-deps.ts'
import { recordEvent } from '../state-machine.ts'
import { quotedPrice, quoteFor } from './quote.ts'

/**
 * With an Idempotency-Key: the key and the order are written in one transaction, so a twin
 * request waits for it and gets the same order back (idempotency.ts).
 */
export async function create(
  deps: OrderDeps,
  user: User,
  input: CreateOrderInput,
  idempotency?: IdempotencyRequest,
  /** The request's client address: a Sheba's owner question counts against its cap too. */
  clientIp: string | null = null,
): Promise<OrderView> {
  const { db, keys } = deps
  // Priced before the transaction: the rate and fee caches may need a connection of their
  // own, and twins queued on the key (or on the customer's row) each hold one (a full pool
  // would deadlock).
  const priced = await priceOrder(deps, user, input, clientIp)
  if (!idempotency) return db.transaction((trx) => insertOrder(deps, trx, user, input, priced))
  const scope = { userId: user.id, scope: 'payments_create', ...idempotency }
  return db.transaction(async (trx) => {
    const claim = await keys.claimInTransaction<{ payment_id: number }>(trx, scope)
    if (claim.kind === 'replay') {
      const again = await Order.viewOfOwn(trx, claim.response.payment_id, user.id)
      if (!again) throw new Error(`idempotent replay: order ${claim.response.payment_id} gone`)
      return again
    }
    const order = await insertOrder(deps, trx, user, input, priced)
    await keys.complete(trx, claim.id, { payment_id: order.id })
    return order
  })
}

/** The order's limits, locked price and sealed password: everything read before the INSERT. */
export async function priceOrder(
  deps: OrdersServiceDeps,
  user: User,
  input: CreateOrderInput,
  clientIp: string | null,
) {
  // Checked now (level 1) or left for the level-1 review: the order keeps which (ADR 028).
  const shebaChecked = input.sheba
    ? await assertOwnSheba(deps.db, deps.ownership.fromAddress(clientIp), user.id, input.sheba)
    : false
  const limit = amountLimitError(
    await deps.paymentTypes.get(input.payment_type),
    input.amount,
    input.currency,
  )
  const current = await quoteFor(deps, {
    amountMinor: input.amount,
    currency: input.currency,
    type: input.payment_type,
  })
  const quote = input.quote_token
    ? await quotedPrice(deps, input, input.quote_token, current)
    : current
  const sealed = input.site_password ? deps.vault.seal(input.site_password, user.id) : null
  return { limit, quote, sealed, quoted: Boolean(input.quote_token), shebaChecked }
}

/**
 * The order and its `created` event, in the caller's transaction: the event is written by
 * `recordEvent`, like every other change of stage.
 */
export async function insertOrder(
  deps: OrdersServiceDeps,
  runner: Knex.Transaction,
  user: User,
  input: CreateOrderInput,
  priced: Awaited<ReturnType<typeof priceOrder>>,
): Promise<OrderView> {
  const { limit, quote, sealed, quoted, shebaChecked } = priced
  if (limit) throw ValidationError.field('amount', limit)
  const now = deps.clock.now()
  // The customer's identity level limits (ADR 022), under their row lock.
  await assertWithinLimits(runner, { userId: user.id, amountIrr: quote.amount_irr, now })
  const order = await Order.insertReturningView(runner, {
    user_id: user.id,
    payment_type: input.payment_type,
    stage: 'awaiting_payment',
    site_url: input.site_url,
    site_username: input.site_username,
    site_password_enc: sealed?.ciphertext ?? null,
    site_password_key_id: sealed?.keyId ?? null,
    amount_minor: input.amount,
    currency: input.currency,
    rate_irr: quote.rate_irr,
    subtotal_irr: quote.subtotal_irr,
    fee_irr: quote.fee_irr,
    amount_irr: quote.amount_irr,
    rate_locked_until: quote.expires_at,
    description: input.description,
    meta: JSON.stringify(input.meta),
    sheba: input.sheba ?? null,
    sheba_owner_checked_at: input.sheba && shebaChecked ? now : null,
    created_at: now,
    updated_at: now,
  })
  if (!order) throw new Error('payments.create: INSERT returned no row')
  await recordEvent(runner, {
    orderId: order.id,
    from: null,
    to: 'awaiting_payment',
    reason: 'created',
    actor: 'customer',
    actorUserId: user.id,
    data: {
      rate_irr: quote.rate_irr,
      amount_irr: quote.amount_irr,
      ...(quoted && { quote_token: true }),
    },
    now,
  })
  return order
}
