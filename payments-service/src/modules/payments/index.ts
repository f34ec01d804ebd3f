import type { AppDeps } from '../../http/context.ts'
import type { Api } from '../../http/route.ts'
import { gatewayFromConfig } from '../gateways/index.ts'
import { registerPaymentTypeRoutes } from '../payment-types/payment-types.routes.ts'
import { createPaymentTypeStore } from '../payment-types/store.ts'
import { registerRateRoutes } from '../rates/rates.routes.ts'
import { createRateService } from '../rates/rates.service.ts'
import { quoteSignerFromConfig } from '../quotes/quote-token.ts'
import { credentialVaultFromConfig } from './credentials.ts'
import { createDocumentService, registerDocumentRoutes } from './documents.ts'
import { requestHasherFromConfig } from './idempotency.ts'
import { createMoneyBackNotice } from './money-back-notice.ts'
import { registerPaymentRoutes } from './payments.routes.ts'
import { createPaymentsService } from './payments.service.ts'

/** The callback the bank posts to: web's public origin (which proxies /api) unless overridden. */
export const callbackUrlOf = (config: AppDeps['config']) =>
  `${(config.PAYMENTS_PUBLIC_URL ?? config.WEB_PUBLIC_URL).replace(/\/+$/, '')}/api/payments/callback/`

const servicesByDeps = new WeakMap<AppDeps, ReturnType<typeof createOrderServices>>()

/**
 * The order services of one process (one per deps): the routes and the background jobs
 * (reconciliation, main.ts) share them, and with them the vault and the rate cache.
 */
export function orderServicesOf(deps: AppDeps) {
  let services = servicesByDeps.get(deps)
  if (!services) {
    services = createOrderServices(deps)
    servicesByDeps.set(deps, services)
  }
  return services
}

/** Payment types, rates, quotes, orders and the gateway callback (issue #4), wired from deps. */
export function registerOrderRoutes(api: Api, deps: AppDeps) {
  const services = orderServicesOf(deps)
  const { rates, paymentTypes, payments, quoteSigner } = services
  const { config, db, clock, logger } = deps
  registerPaymentTypeRoutes(api, paymentTypes)
  registerRateRoutes(api, {
    rates,
    paymentTypes,
    rateLockMinutes: config.RATE_LOCK_MINUTES,
    rateMaxAgeMinutes: config.RATE_MAX_AGE_MINUTES,
    rateChangeConfirmPercent: config.RATE_CHANGE_CONFIRM_PERCENT,
    quoteSigner,
    now: () => clock.now(),
    db,
  })
  registerPaymentRoutes(api, {
    payments,
    webPublicUrl: config.WEB_PUBLIC_URL,
    requestHash: requestHasherFromConfig(config, logger),
  })
  registerDocumentRoutes(api, createDocumentService({ db, clock, logger, storage: deps.storage }))
  return services
}

function createOrderServices(deps: AppDeps) {
  const { config, db, clock, logger } = deps
  const rates = createRateService({ db, clock, ttlSeconds: config.RATE_CACHE_TTL_SECONDS })
  const paymentTypes = createPaymentTypeStore({
    db,
    clock,
    ttlSeconds: config.RATE_CACHE_TTL_SECONDS,
  })
  // One vault per process: without a configured key it holds a random one, which every user of
  // the credentials (orders, staff reveal) must share.
  const vault = credentialVaultFromConfig(config, logger)
  const gateway = gatewayFromConfig(config)
  const quoteSigner = quoteSignerFromConfig(config, logger)
  const payments = createPaymentsService({
    db,
    clock,
    logger,
    rates,
    paymentTypes,
    vault,
    gateway,
    rateLockMinutes: config.RATE_LOCK_MINUTES,
    rateMaxAgeMinutes: config.RATE_MAX_AGE_MINUTES,
    quoteSigner,
    callbackUrl: callbackUrlOf(config),
    callbackWaitMs: config.CALLBACK_WAIT_MS,
    onMoneyBack: createMoneyBackNotice(deps),
  })
  return { rates, payments, paymentTypes, vault, gateway, quoteSigner }
}
