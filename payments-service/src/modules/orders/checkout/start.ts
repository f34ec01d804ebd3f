import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import { Order } from '../../../models/order.model.ts'
import type { User } from '../../../models/user.model.ts'
import { MESSAGES } from '@arzpol/contracts/orders/customer'
import type { Quote } from '../../catalog/quote.ts'
import { GatewayError } from '../../gateways/gateway.ts'
import { assertWithinLimits, lockCustomer } from '../../identity/limits.ts'
import { notFound, visibleOrder } from '../access.ts'
import { conflict } from '../conflict.ts'
import {
  advancePayout,
  applyShebaAnswer,
  PAYOUT_OPEN_STAGES,
  recordSheba,
  type StoredShebaAnswer,
} from '../fulfilment/payout-details.ts'
import type { IdempotencyRequest, OrderDeps, OrdersServiceDeps } from '../order-deps.ts'
import { flowOf, recordEvent } from '../state-machine.ts'
import { cardRestrictionOf } from './card-restriction.ts'
import { quoteFor } from './quote.ts'
import { ownShebaFor, storedShebaFor } from './sheba.ts'

type GatewayPlan = {
  kind: 'gateway'
  attempt: BankAttempt
  order: Order
  cardHash: string | null
}
type StartPlan = { kind: 'payout' } | { kind: 'requoted'; quote: Quote } | GatewayPlan

export type StartAnswer = { gateway_url: string | null; token: string | null }
/** The start body: a cash-out's Sheba, and the card to pay with (level 1 and up). */
export type StartInput = {
  sheba?: string | null | undefined
  card_number?: string | null | undefined
  card_id?: number | null | undefined
}

/** One start as the transaction sees it: who asks, for which order, and the Sheba answers. */
type StartRequest = {
  user: User
  id: number
  body: StartInput
  /** Whether the body's Sheba was asked about and matched. */
  checked: boolean
  /** The answer about the order's own unchecked Sheba, when the body carries none. */
  stored: StoredShebaAnswer | null
  now: Date
}

/**
 * With an Idempotency-Key, a repeated start hands out the same bank token instead of opening
 * a second attempt; a failed start (quote expired, bank down) frees the key for a retry.
 */
export async function start(
  deps: OrderDeps,
  user: User,
  id: number,
  body: StartInput,
  idempotency?: IdempotencyRequest,
  clientIp: string | null = null,
): Promise<StartAnswer> {
  const { keys } = deps
  if (!idempotency) return startOnce(deps, user, id, body, clientIp)
  const claim = await keys.claim<StartAnswer>({
    userId: user.id,
    scope: `payments_start:${id}`,
    ...idempotency,
  })
  if (claim.kind === 'replay') return claim.response
  let answer: StartAnswer
  try {
    answer = await startOnce(deps, user, id, body, clientIp)
  } catch (error) {
    await keys.release(claim.id)
    throw error
  }
  await keys.complete(undefined, claim.id, answer)
  return answer
}

/**
 * One start: the Sheba questions first, then one transaction that decides what the order
 * does (move a cash-out on, requote an expired price, or open a bank attempt), then the bank.
 */
export async function startOnce(
  deps: OrdersServiceDeps,
  user: User,
  id: number,
  body: StartInput,
  clientIp: string | null,
): Promise<StartAnswer> {
  // A Sheba in the body replaces the order's and is the one asked about; otherwise the
  // order's own, if it was never checked (a cash-out only reaches staff with a checked one).
  const checked = body.sheba ? await ownShebaFor(deps, user, id, body.sheba, clientIp) : false
  const stored = body.sheba ? null : await storedShebaFor(deps, user, id, clientIp)
  const now = deps.clock.now()
  const request: StartRequest = { user, id, body, checked, stored, now }
  const plan = await deps.db.transaction((trx) => planStart(deps, trx, request))

  if (plan.kind === 'payout') return { gateway_url: null, token: null }
  if (plan.kind === 'requoted') throw quoteExpired(plan.quote)
  return requestBankToken(deps, user, id, plan)
}

/** What the start does with the order, decided under the customer's and the order's locks. */
async function planStart(
  deps: OrdersServiceDeps,
  trx: Knex.Transaction,
  request: StartRequest,
): Promise<StartPlan> {
  const { user, id, now } = request
  // The customer's row before the order's (ADR 014): the limits are checked again below.
  await lockCustomer(trx, user.id)
  const order = await visibleOrder(trx, user, id, true)
  if (order.user_id !== user.id) throw notFound()
  if (flowOf(order.payment_type) === 'payout') {
    await startPayout(trx, request, order)
    return { kind: 'payout' }
  }
  if (order.stage !== 'awaiting_payment') {
    throw conflict(MESSAGES.notAwaitingPayment, 'invalid_stage')
  }
  if (now.getTime() >= order.rate_locked_until.getTime()) {
    return { kind: 'requoted', quote: await requoteExpired(deps, trx, request, order) }
  }
  await withinLimits(trx, request, order)
  return openAttempt(deps, trx, request, order)
}

/** The customer's limits with this order's amount, the order itself not counted twice. */
function withinLimits(trx: Knex.Transaction, request: StartRequest, order: Order) {
  return assertWithinLimits(trx, {
    userId: request.user.id,
    amountIrr: order.amount_irr,
    now: request.now,
    excludeOrderId: request.id,
  })
}

/** A cash-out takes the Sheba it was given (or the answer about its own) and moves on. */
async function startPayout(trx: Knex.Transaction, request: StartRequest, order: Order) {
  const { user, body, checked, stored, now } = request
  // The original client sends no Sheba: the order then waits for what it lacks (ADR 017).
  if (!PAYOUT_OPEN_STAGES.includes(order.stage)) {
    throw conflict(MESSAGES.notAwaitingPayment, 'invalid_stage')
  }
  await withinLimits(trx, request, order)
  const who = { actor: 'customer' as const, actorUserId: user.id, now }
  const withSheba = body.sheba
    ? await recordSheba(trx, order, body.sheba, { ...who, checked })
    : await applyShebaAnswer(trx, order, stored, now)
  await advancePayout(trx, withSheba, { ...who, submit: true })
}

/** The price lock ran out: the order takes today's quote, with a `requoted` event. */
async function requoteExpired(
  deps: OrdersServiceDeps,
  trx: Knex.Transaction,
  request: StartRequest,
  order: Order,
): Promise<Quote> {
  const { id, now } = request
  const quote = await quoteFor(deps, {
    amountMinor: order.amount_minor,
    currency: order.currency,
    type: order.payment_type,
  })
  await Order.requote(
    trx,
    id,
    {
      rate_irr: quote.rate_irr,
      subtotal_irr: quote.subtotal_irr,
      fee_irr: quote.fee_irr,
      amount_irr: quote.amount_irr,
      rate_locked_until: quote.expires_at,
    },
    now,
  )
  await recordEvent(trx, {
    orderId: id,
    from: 'awaiting_payment',
    to: 'awaiting_payment',
    reason: 'requoted',
    actor: 'system',
    data: {
      old: { rate_irr: order.rate_irr, amount_irr: order.amount_irr },
      new: { rate_irr: quote.rate_irr, amount_irr: quote.amount_irr },
    },
    now,
  })
  return quote
}

/** The new price, for the customer to confirm before starting again. */
function quoteExpired(quote: Quote) {
  return conflict(MESSAGES.quoteExpired, 'quote_expired', {
    amount_irr: quote.amount_irr,
    rate_irr: quote.rate_irr,
    fee_irr: quote.fee_irr,
    rate_locked_until: quote.expires_at.toISOString(),
  })
}

/** The card the customer may pay with, and the bank attempt written for it. */
async function openAttempt(
  deps: OrdersServiceDeps,
  trx: Knex.Transaction,
  request: StartRequest,
  order: Order,
): Promise<GatewayPlan> {
  const { user, id, body, now } = request
  // From level 1 on, only the customer's own cards pay (ADR 024).
  const card = await cardRestrictionOf(trx, user.id, {
    cardNumber: body.card_number ?? null,
    cardId: body.card_id,
  })
  // The attempt is on record before the bank hears of it (docs/product/domain.md).
  const attempt = await BankAttempt.insertFetched(trx, {
    payment_id: id,
    gateway: deps.gateway.name,
    res_num: `${id}-${randomBytes(8).toString('hex')}`,
    amount_irr: order.amount_irr,
    status: 'created',
    card_id: card?.id ?? null,
    created_at: now,
    updated_at: now,
  })
  return { kind: 'gateway', attempt, order, cardHash: card?.hashed_pan ?? null }
}

/**
 * The bank's token for the attempt, outside any transaction; a bank that fails marks the
 * attempt failed and answers 502 `gateway_unavailable`.
 */
async function requestBankToken(
  deps: OrdersServiceDeps,
  user: User,
  id: number,
  plan: GatewayPlan,
): Promise<StartAnswer> {
  const { db, clock, logger, gateway } = deps
  try {
    const result = await gateway.requestToken({
      resNum: plan.attempt.res_num,
      amountIrr: plan.attempt.amount_irr,
      redirectUrl: deps.callbackUrl,
      cellNumber: user.phone,
      hashedCardNumber: plan.cardHash,
    })
    await BankAttempt.patchById(db, plan.attempt.id, {
      token: result.token,
      status: 'token_created',
      raw: { token: result.raw },
      updated_at: clock.now(),
    })
    return { gateway_url: result.gatewayUrl, token: result.token }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    logger.warn(
      { err: error, orderId: id, resNum: plan.attempt.res_num },
      'gateway token request failed',
    )
    await BankAttempt.patchById(db, plan.attempt.id, {
      status: 'failed',
      failure: `token_${error.kind}`,
      raw: { token: (error.raw ?? null) as never },
      updated_at: clock.now(),
    })
    throw new ApiError(502, MESSAGES.gatewayUnavailable, 'gateway_unavailable')
  }
}
