import { createIdempotencyStore } from './checkout/idempotency.ts'
import { create } from './checkout/create.ts'
import { quoteFor } from './checkout/quote.ts'
import { setSheba } from './checkout/sheba.ts'
import { start } from './checkout/start.ts'
import { cancel } from './cancel.ts'
import { detail, list } from './customer-orders.ts'
import type { OrderDeps, OrdersServiceDeps } from './order-deps.ts'
import { handleCallback } from './settlement/callback.ts'
import { setRefundAccount } from './settlement/refund-account.ts'
import { createSettlement } from './settlement/settlement.ts'

export type { OrdersServiceDeps } from './order-deps.ts'
export type { CallbackOutcome, SettleSource } from './settlement/settlement.ts'

/**
 * The customer's order use cases, each bound to the deps, with the idempotency store and the
 * settlement built once for all of them.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, clock, logger, gateway } = deps
  const keys = createIdempotencyStore({ db, clock })
  const settlement = createSettlement({
    db,
    clock,
    logger,
    gateway,
    waitForVerifyMs: deps.callbackWaitMs,
    ...(deps.onMoneyBack && { onMoneyBack: deps.onMoneyBack }),
    ...(deps.onTransferNeeded && { onTransferNeeded: deps.onTransferNeeded }),
  })
  const orderDeps: OrderDeps = { ...deps, keys, settlement }

  return {
    quoteFor: quoteFor.bind(null, orderDeps),
    create: create.bind(null, orderDeps),
    list: list.bind(null, orderDeps),
    detail: detail.bind(null, orderDeps),
    setSheba: setSheba.bind(null, orderDeps),
    setRefundAccount: setRefundAccount.bind(null, orderDeps),
    start: start.bind(null, orderDeps),
    handleCallback: handleCallback.bind(null, orderDeps),
    settleAttempt: settlement.settleAttempt,
    settlement,
    cancel: cancel.bind(null, orderDeps),
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
