import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import type { Logger } from 'pino'
import { ApiError, ValidationError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { GatewayTransaction } from '../../models/gateway-transaction.model.ts'
import { PaymentEvent } from '../../models/payment-event.model.ts'
import { Payment, type PaymentView } from '../../models/payment.model.ts'
import type { User } from '../../models/user.model.ts'
import { GatewayError, type CallbackData, type PaymentGateway } from '../gateways/gateway.ts'
import type { PaymentTypeStore } from '../catalog/payment-type-store.ts'
import { buildQuote, type Quote } from '../catalog/quote.ts'
import { signedQuote, type QuoteSigner } from '../catalog/quote-token.ts'
import { usableRate } from '../catalog/rate-freshness.ts'
import type { RateService } from '../catalog/rates.service.ts'
import type { CredentialVault } from './checkout/credentials.ts'
import { createIdempotencyStore } from './checkout/idempotency.ts'
import {
  amountLimitError,
  MESSAGES,
  type CreatePaymentInput,
} from '@arzpol/contracts/orders/customer'
import { assertWithinLimits, lockCustomer } from '../identity/limits.ts'
import type { Ownership } from '../identity/ownership.ts'
import { cardRestrictionOf } from './checkout/card-restriction.ts'
import { createSettlement, type CallbackOutcome } from './settlement/settlement.ts'
import { flowOf, recordEvent, transition } from './state-machine.ts'
import { moneyBackOf } from './settlement/money-back.ts'
import {
  advancePayout,
  applyShebaAnswer,
  askStoredSheba,
  assertOwnSheba,
  missingPayoutDetails,
  PAYOUT_OPEN_STAGES,
  recordSheba,
  type PayoutRequirement,
} from './fulfilment/payout-details.ts'

export interface PaymentsServiceDeps {
  db: Knex
  clock: Clock
  logger: Logger
  rates: RateService
  /** Fees and limits as admins set them. */
  paymentTypes: PaymentTypeStore
  vault: CredentialVault
  gateway: PaymentGateway
  rateLockMinutes: number
  /** RATE_MAX_AGE_MINUTES: no order on an older rate (503 `rate_stale`); undefined: no limit. */
  rateMaxAgeMinutes?: number | undefined
  /** Checks the `quote_token` a create may carry (issue 15). */
  quoteSigner: QuoteSigner
  /** Absolute URL the bank sends the browser back to. */
  callbackUrl: string
  /** How long a repeated callback waits for the verify a first copy started. */
  callbackWaitMs?: number
  /** Tells the customer that money of their order is coming back (money-back-notice.ts). */
  onMoneyBack?: (refundId: number) => Promise<void>
  /** Whose Sheba (issue 18): a cash-out's Sheba must be the customer's own. */
  ownership: Ownership
}

export type { CallbackOutcome, SettleSource } from './settlement/settlement.ts'

const STAFF_ROLES = new Set(['support', 'admin'])
export const isStaff = (user: User) => STAFF_ROLES.has(user.role)

// Owner-scoped reads answer 404 for someone else's order, exactly as for a missing one, so
// order ids cannot be probed.
const notFound = () => new ApiError(404, 'یافت نشد', 'not_found')

/**
 * The order if `user` owns it or is staff; 404 (never 403) otherwise, so ids can't be probed.
 * `lock`: a row lock, inside a transaction that will change the order.
 */
export async function visibleOrder(
  trx: Knex | Knex.Transaction,
  user: User,
  id: number,
  lock = false,
) {
  let query = Payment.query(trx).findById(id)
  if (lock) query = query.forUpdate()
  const payment = await query
  if (!payment || (payment.user_id !== user.id && !isStaff(user))) throw notFound()
  return payment
}
const conflict = (detail: string, code: string, body?: Record<string, unknown>) =>
  new ApiError(409, detail, code, body ? { body } : {})

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, clock, logger, gateway } = deps

  async function quoteFor(input: {
    amountMinor: number
    currency: Payment['currency']
    type: Payment['payment_type']
  }): Promise<Quote> {
    const now = clock.now()
    const rate = await usableRate(deps.rates, input.currency, {
      now,
      maxAgeMinutes: deps.rateMaxAgeMinutes,
    })
    return buildQuote({
      amountMinor: input.amountMinor,
      currency: input.currency,
      rateIrr: rate.buy_rate_irr,
      type: await deps.paymentTypes.get(input.type),
      now,
      lockMinutes: deps.rateLockMinutes,
    })
  }

  const keys = createIdempotencyStore({ db, clock })
  const settlement = createSettlement({
    db,
    clock,
    logger,
    gateway,
    waitForVerifyMs: deps.callbackWaitMs,
    ...(deps.onMoneyBack && { onMoneyBack: deps.onMoneyBack }),
  })

  /**
   * With an Idempotency-Key: the key and the order are written in one transaction, so a twin
   * request waits for it and gets the same order back (idempotency.ts).
   */
  async function create(
    user: User,
    input: CreatePaymentInput,
    idempotency?: { key: string; hash: string },
    /** The request's client address: a Sheba's owner question counts against its cap too. */
    clientIp: string | null = null,
  ): Promise<PaymentView> {
    // Priced before the transaction: the rate and fee caches may need a connection of their
    // own, and twins queued on the key (or on the customer's row) each hold one (a full pool
    // would deadlock).
    const priced = await priceOrder(user, input, clientIp)
    if (!idempotency) return db.transaction((trx) => insertOrder(trx, user, input, priced))
    const scope = { userId: user.id, scope: 'payments_create', ...idempotency }
    return db.transaction(async (trx) => {
      const claim = await keys.claimInTransaction<{ payment_id: number }>(trx, scope)
      if (claim.kind === 'replay') {
        const again = await Payment.viewOfOwn(trx, claim.response.payment_id, user.id)
        if (!again) throw new Error(`idempotent replay: order ${claim.response.payment_id} gone`)
        return again
      }
      const payment = await insertOrder(trx, user, input, priced)
      await keys.complete(trx, claim.id, { payment_id: payment.id })
      return payment
    })
  }

  /** The order's limits, locked price and sealed password: everything read before the INSERT. */
  async function priceOrder(user: User, input: CreatePaymentInput, clientIp: string | null) {
    // Checked now (level 1) or left for the level-1 review: the order keeps which (ADR 028).
    const shebaChecked = input.sheba
      ? await assertOwnSheba(db, deps.ownership.fromAddress(clientIp), user.id, input.sheba)
      : false
    const limit = amountLimitError(
      await deps.paymentTypes.get(input.payment_type),
      input.amount,
      input.currency,
    )
    const current = await quoteFor({
      amountMinor: input.amount,
      currency: input.currency,
      type: input.payment_type,
    })
    const quote = input.quote_token ? quotedPrice(input, input.quote_token, current) : current
    const sealed = input.site_password ? deps.vault.seal(input.site_password, user.id) : null
    return { limit, quote, sealed, quoted: Boolean(input.quote_token), shebaChecked }
  }

  /**
   * Hole 5 (issue 15): the price the customer saw. A valid token (signature, not expired, the
   * same amount, currency and type) gives the order the quoted rate, fee and lock end, even if
   * the rate changed since: that is the promise `expires_at` made. Anything else (tampered,
   * expired, another amount) is refused with 409 `quote_changed` and the current quote, with its
   * own token, so the form can show the new amount and send it again.
   */
  function quotedPrice(input: CreatePaymentInput, token: string, current: Quote): Quote {
    const check = deps.quoteSigner.verify(token, {
      amountMinor: input.amount,
      currency: input.currency,
      paymentType: input.payment_type,
      now: clock.now(),
    })
    if (!check.ok) {
      throw conflict(MESSAGES.quoteChanged(current.amount_irr), 'quote_changed', {
        reason: check.reason,
        quote: signedQuote(deps.quoteSigner, current, input.amount),
      })
    }
    const { claims } = check
    return {
      ...current,
      rate_irr: claims.rateIrr,
      subtotal_irr: claims.subtotalIrr,
      fee_irr: claims.feeIrr,
      amount_irr: claims.amountIrr,
      expires_at: claims.expiresAt,
    }
  }

  /**
   * The order and its `created` event, in the caller's transaction: the event is written by
   * `recordEvent`, like every other change of stage.
   */
  async function insertOrder(
    runner: Knex.Transaction,
    user: User,
    input: CreatePaymentInput,
    priced: Awaited<ReturnType<typeof priceOrder>>,
  ): Promise<PaymentView> {
    const { limit, quote, sealed, quoted, shebaChecked } = priced
    if (limit) throw ValidationError.field('amount', limit)
    const now = clock.now()
    // The customer's identity level limits (issue 18), under their row lock.
    await assertWithinLimits(runner, { userId: user.id, amountIrr: quote.amount_irr, now })
    const payment = await Payment.insertReturningView(runner, {
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
    if (!payment) throw new Error('payments.create: INSERT returned no row')
    await recordEvent(runner, {
      paymentId: payment.id,
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
    return payment
  }

  /** The customer's orders, newest first (plain rows of the columns the response shows). */
  async function list(user: User): Promise<PaymentView[]> {
    return Payment.listViewsOf(db, user.id)
  }

  async function detail(user: User, id: number) {
    const payment = await visibleOrder(db, user, id)
    const events = await PaymentEvent.query(db)
      .where({ payment_id: id })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
    // Where is my money (issue #15): returns of this order and money held to be returned.
    const moneyBack = await moneyBackOf(db, id)
    // A cash-out not yet with staff: what it still needs (ADR 017).
    const missing = await missingPayoutDetails(db, payment)
    return { payment, events, moneyBack, missing }
  }

  /**
   * The customer gives (or corrects) the Sheba of their cash-out before it reaches staff. A
   * cash-out waiting for its details moves on to staff when this was the last thing missing.
   */
  async function setSheba(
    user: User,
    id: number,
    sheba: string,
    clientIp: string | null = null,
  ): Promise<{ payment: Payment; missing: PayoutRequirement[] }> {
    // The Sheba given replaces the order's: only it is asked about.
    const checked = await ownShebaFor(user, id, sheba, clientIp)
    const now = clock.now()
    return db.transaction(async (trx) => {
      const payment = await visibleOrder(trx, user, id, true)
      if (payment.user_id !== user.id) throw notFound()
      if (flowOf(payment.payment_type) !== 'payout') {
        throw conflict(MESSAGES.notPayout, 'not_payout')
      }
      if (!PAYOUT_OPEN_STAGES.includes(payment.stage)) {
        throw conflict(MESSAGES.payoutWithStaff, 'invalid_stage')
      }
      const who = { actor: 'customer' as const, actorUserId: user.id, now }
      const order = await recordSheba(trx, payment, sheba, { ...who, checked })
      const { missing } = await advancePayout(trx, order, { ...who, submit: false })
      return { payment: (await Payment.query(trx).findById(id)) as Payment, missing }
    })
  }

  /**
   * The Sheba's owner question, before the order's transaction (the provider may take seconds),
   * and only for the caller's own order: anyone else's is 404 before any question is paid for.
   * Answers whether it was asked and matched (level 1), for the order to keep.
   */
  async function ownShebaFor(
    user: User,
    id: number,
    sheba: string,
    clientIp: string | null,
  ): Promise<boolean> {
    const payment = await visibleOrder(db, user, id)
    if (payment.user_id !== user.id) throw notFound()
    if (flowOf(payment.payment_type) !== 'payout') return false
    return assertOwnSheba(db, deps.ownership.fromAddress(clientIp), user.id, sheba)
  }

  /**
   * The Sheba a cash-out already holds, never checked for its customer, asked about before the
   * order's transaction (ADR 028); null when there is nothing to ask (another type, a checked
   * Sheba, level 0). Someone else's order: 404 before any question.
   */
  async function storedShebaFor(user: User, id: number, clientIp: string | null) {
    const payment = await visibleOrder(db, user, id)
    if (payment.user_id !== user.id) throw notFound()
    return askStoredSheba(db, deps.ownership.fromAddress(clientIp), payment)
  }

  type StartPlan =
    | { kind: 'payout' }
    | { kind: 'requoted'; quote: Quote }
    | { kind: 'gateway'; tx: GatewayTransaction; payment: Payment; cardHash: string | null }

  type StartAnswer = { gateway_url: string | null; token: string | null }
  /** Spec §7's start body: a cash-out's Sheba, and the card to pay with (level 1 and up). */
  type StartInput = { sheba?: string | null | undefined; card_number?: string | null | undefined }

  /**
   * With an Idempotency-Key, a repeated start hands out the same bank token instead of opening
   * a second attempt; a failed start (quote expired, bank down) frees the key for a retry.
   */
  async function start(
    user: User,
    id: number,
    body: StartInput,
    idempotency?: { key: string; hash: string },
    clientIp: string | null = null,
  ): Promise<StartAnswer> {
    if (!idempotency) return startOnce(user, id, body, clientIp)
    const claim = await keys.claim<StartAnswer>({
      userId: user.id,
      scope: `payments_start:${id}`,
      ...idempotency,
    })
    if (claim.kind === 'replay') return claim.response
    let answer: StartAnswer
    try {
      answer = await startOnce(user, id, body, clientIp)
    } catch (error) {
      await keys.release(claim.id)
      throw error
    }
    await keys.complete(undefined, claim.id, answer)
    return answer
  }

  async function startOnce(
    user: User,
    id: number,
    body: StartInput,
    clientIp: string | null,
  ): Promise<StartAnswer> {
    // A Sheba in the body replaces the order's and is the one asked about; otherwise the
    // order's own, if it was never checked (a cash-out only reaches staff with a checked one).
    const checked = body.sheba ? await ownShebaFor(user, id, body.sheba, clientIp) : false
    const stored = body.sheba ? null : await storedShebaFor(user, id, clientIp)
    const now = clock.now()
    const plan = await db.transaction(async (trx): Promise<StartPlan> => {
      // The customer's row before the order's (ADR 014): the limits are checked again below.
      await lockCustomer(trx, user.id)
      const payment = await visibleOrder(trx, user, id, true)
      if (payment.user_id !== user.id) throw notFound()
      const withinLimits = () =>
        assertWithinLimits(trx, {
          userId: user.id,
          amountIrr: payment.amount_irr,
          now,
          excludeOrderId: id,
        })
      if (flowOf(payment.payment_type) === 'payout') {
        // Spec §7's client sends no Sheba: the order then waits for what it lacks (ADR 017).
        if (!PAYOUT_OPEN_STAGES.includes(payment.stage)) {
          throw conflict(MESSAGES.notAwaitingPayment, 'invalid_stage')
        }
        await withinLimits()
        const who = { actor: 'customer' as const, actorUserId: user.id, now }
        const order = body.sheba
          ? await recordSheba(trx, payment, body.sheba, { ...who, checked })
          : await applyShebaAnswer(trx, payment, stored, now)
        await advancePayout(trx, order, { ...who, submit: true })
        return { kind: 'payout' }
      }
      if (payment.stage !== 'awaiting_payment') {
        throw conflict(MESSAGES.notAwaitingPayment, 'invalid_stage')
      }
      if (now.getTime() >= payment.rate_locked_until.getTime()) {
        const quote = await quoteFor({
          amountMinor: payment.amount_minor,
          currency: payment.currency,
          type: payment.payment_type,
        })
        await Payment.requote(
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
          paymentId: id,
          from: 'awaiting_payment',
          to: 'awaiting_payment',
          reason: 'requoted',
          actor: 'system',
          data: {
            old: { rate_irr: payment.rate_irr, amount_irr: payment.amount_irr },
            new: { rate_irr: quote.rate_irr, amount_irr: quote.amount_irr },
          },
          now,
        })
        return { kind: 'requoted', quote }
      }
      await withinLimits()
      // From level 1 on, only the customer's own cards pay (issue 18, ADR 024).
      const cardHash = await cardRestrictionOf(trx, user.id, body.card_number ?? null)
      // The attempt is on record before the bank hears of it (domain.md §1.f).
      const tx = await GatewayTransaction.query(trx).insertAndFetch({
        payment_id: id,
        gateway: gateway.name,
        res_num: `${id}-${randomBytes(8).toString('hex')}`,
        amount_irr: payment.amount_irr,
        status: 'created',
        created_at: now,
        updated_at: now,
      })
      return { kind: 'gateway', tx, payment, cardHash }
    })

    if (plan.kind === 'payout') return { gateway_url: null, token: null }
    if (plan.kind === 'requoted') {
      throw conflict(MESSAGES.quoteExpired, 'quote_expired', {
        amount_irr: plan.quote.amount_irr,
        rate_irr: plan.quote.rate_irr,
        fee_irr: plan.quote.fee_irr,
        rate_locked_until: plan.quote.expires_at.toISOString(),
      })
    }
    try {
      const result = await gateway.requestToken({
        resNum: plan.tx.res_num,
        amountIrr: plan.tx.amount_irr,
        redirectUrl: deps.callbackUrl,
        cellNumber: user.phone,
        hashedCardNumber: plan.cardHash,
      })
      await GatewayTransaction.query(db)
        .findById(plan.tx.id)
        .patch({
          token: result.token,
          status: 'token_created',
          raw: { token: result.raw },
          updated_at: clock.now(),
        })
      return { gateway_url: result.gatewayUrl, token: result.token }
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error
      logger.warn(
        { err: error, paymentId: id, resNum: plan.tx.res_num },
        'gateway token request failed',
      )
      await GatewayTransaction.query(db)
        .findById(plan.tx.id)
        .patch({
          status: 'failed',
          failure: `token_${error.kind}`,
          raw: { token: (error.raw ?? null) as never },
          updated_at: clock.now(),
        })
      throw new ApiError(502, MESSAGES.gatewayUnavailable, 'gateway_unavailable')
    }
  }

  /**
   * The bank's callback (POST or GET, no auth): finds the attempt its ResNum or Token names and
   * hands it to the settlement (settlement.ts), which verifies with the bank server to server
   * and moves the order once. A repeated callback finds the attempt settled and changes nothing.
   */
  async function handleCallback(
    fields: Record<string, string>,
  ): Promise<{ paymentId: number | null; outcome: CallbackOutcome }> {
    const data: CallbackData = gateway.parseCallback(fields)
    let attempt: GatewayTransaction | undefined
    if (data.resNum)
      attempt = await GatewayTransaction.query(db).findOne({
        res_num: data.resNum,
        gateway: gateway.name,
      })
    if (!attempt && data.token)
      attempt = await GatewayTransaction.query(db).findOne({
        token: data.token,
        gateway: gateway.name,
      })
    if (!attempt) {
      logger.warn({ resNum: data.resNum, state: data.state }, 'callback for an unknown attempt')
      return { paymentId: null, outcome: 'failed' }
    }
    const found = attempt
    if (data.token && found.token && data.token !== found.token) {
      logger.warn(
        { paymentId: found.payment_id, resNum: found.res_num },
        'callback token does not match the attempt',
      )
      return { paymentId: found.payment_id, outcome: 'failed' }
    }

    return settlement.settleAttempt(found, data, 'callback')
  }

  /** The owner cancels an order still awaiting payment (staff moves: fulfilment/staff-orders). */
  async function cancel(customer: User, id: number): Promise<Payment> {
    const now = clock.now()
    return db.transaction(async (trx) => {
      await visibleOrder(trx, customer, id)
      const moved = await transition(trx, {
        paymentId: id,
        to: 'cancelled',
        reason: 'customer_cancel',
        actor: 'customer',
        actorUserId: customer.id,
        data: {},
        now,
      })
      if (!moved) throw conflict(MESSAGES.illegalTransition, 'illegal_transition')
      return (await Payment.query(trx).findById(id)) as Payment
    })
  }

  return {
    quoteFor,
    create,
    list,
    detail,
    setSheba,
    start,
    handleCallback,
    settleAttempt: settlement.settleAttempt,
    settlement,
    cancel,
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
