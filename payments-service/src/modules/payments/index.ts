import type { AppDeps } from '../../http/context.ts'
import type { Api } from '../../http/route.ts'
import { gatewayFromConfig } from '../gateways/index.ts'
import { registerPaymentTypeRoutes } from '../payment-types/payment-types.routes.ts'
import { registerRateRoutes } from '../rates/rates.routes.ts'
import { createRateService } from '../rates/rates.service.ts'
import { credentialVaultFromConfig } from './credentials.ts'
import { createDocumentService, registerDocumentRoutes } from './documents.ts'
import { registerPaymentRoutes } from './payments.routes.ts'
import { createPaymentsService } from './payments.service.ts'

/** The callback the bank posts to: web's public origin (which proxies /api) unless overridden. */
export const callbackUrlOf = (config: AppDeps['config']) =>
  `${(config.PAYMENTS_PUBLIC_URL ?? config.WEB_PUBLIC_URL).replace(/\/+$/, '')}/api/payments/callback/`

/** Payment types, rates, quotes, orders and the gateway callback (issue #4), wired from deps. */
export function registerOrderRoutes(api: Api, deps: AppDeps) {
  const { config, db, clock, logger } = deps
  const rates = createRateService({ db, clock, ttlSeconds: config.RATE_CACHE_TTL_SECONDS })
  const payments = createPaymentsService({
    db,
    clock,
    logger,
    rates,
    vault: credentialVaultFromConfig(config, logger),
    gateway: gatewayFromConfig(config),
    rateLockMinutes: config.RATE_LOCK_MINUTES,
    callbackUrl: callbackUrlOf(config),
  })
  registerPaymentTypeRoutes(api)
  registerRateRoutes(api, {
    rates,
    rateLockMinutes: config.RATE_LOCK_MINUTES,
    now: () => clock.now(),
    db,
  })
  registerPaymentRoutes(api, { payments, webPublicUrl: config.WEB_PUBLIC_URL })
  registerDocumentRoutes(api, createDocumentService({ db, clock, logger, storage: deps.storage }))
  return { rates, payments }
}
