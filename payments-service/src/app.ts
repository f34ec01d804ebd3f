import Koa from 'koa'
import { validatesResponses } from './config/env.ts'
import type { AppDeps, AppState } from './http/context.ts'
import { createRequireUser } from './http/middlewares/auth.ts'
import { requestFrame } from './http/middlewares/request-frame.ts'
import { registerOpenApiRoutes } from './http/openapi/openapi.routes.ts'
import { apiRoutes, createApi, type Api } from './http/route.ts'
import { limitConcurrentUploads } from './http/uploads.ts'
import { composeServices, type Services } from './composition.ts'
import { registerChangeRoutes } from './changes/internal.routes.ts'
import { registerModerationAuditRoute } from './modules/staff-audit/moderation.routes.ts'
import { registerBlockedAuthorsRoute } from './modules/users/blocked-authors.routes.ts'
import { registerAuthRoutes } from './modules/auth/customer.routes.ts'
import { registerSecondFactorRoutes } from './modules/auth/staff.routes.ts'
import { createDeadSmsService } from './modules/auth/sms/dead-sms.ts'
import { registerStaffSmsRoutes } from './modules/auth/sms/staff.routes.ts'
import { registerCatalogRoutes } from './modules/catalog/customer.routes.ts'
import { registerStaffCatalogRoutes } from './modules/catalog/staff.routes.ts'
import { registerHealthRoutes } from './modules/health/health.routes.ts'
import { registerIdentityRoutes } from './modules/identity/customer.routes.ts'
import { registerStaffIdentityRoutes } from './modules/identity/staff.routes.ts'
import { registerDocumentRoutes, registerOrderRoutes } from './modules/orders/customer.routes.ts'
import { registerStaffLedgerRoutes } from './modules/ledger/staff.routes.ts'
import { registerStaffAuditRoutes } from './modules/staff-audit/staff.routes.ts'
import { registerApprovalRoutes } from './modules/approvals/staff.routes.ts'
import { registerStaffOrderRoutes } from './modules/orders/staff.routes.ts'
import { registerTicketRoutes } from './modules/tickets/customer.routes.ts'
import { registerStaffTicketRoutes } from './modules/tickets/staff.routes.ts'
import { registerProfileRoutes } from './modules/users/customer.routes.ts'
import { registerStaffUserRoutes } from './modules/users/staff.routes.ts'

/** Every route of the service, by noun; the access matrix test lists them through this too. */
export function registerRoutes(
  api: Api,
  deps: AppDeps,
  services: Services,
  draining: () => boolean = () => false,
): void {
  const { config, db, clock } = deps
  const { auth, catalog, orders, users, tickets } = services
  registerHealthRoutes(api, db, draining)
  registerAuthRoutes(api, { deps, otp: auth.otp, accounts: auth.accounts, sessions: auth.sessions })
  registerSecondFactorRoutes(api, auth.secondFactor)
  registerProfileRoutes(api)
  registerIdentityRoutes(api, services.identity.identity)
  registerCatalogRoutes(api, {
    rates: catalog.rates,
    paymentTypes: catalog.paymentTypes,
    rateLockMinutes: config.RATE_LOCK_MINUTES,
    rateMaxAgeMinutes: config.RATE_MAX_AGE_MINUTES,
    quoteSigner: catalog.quoteSigner,
    now: () => clock.now(),
    db,
  })
  registerStaffCatalogRoutes(api, {
    rates: catalog.rates,
    paymentTypes: catalog.paymentTypes,
    rateChangeConfirmPercent: config.RATE_CHANGE_CONFIRM_PERCENT,
  })
  registerOrderRoutes(api, {
    orders: orders.customer,
    webPublicUrl: config.WEB_PUBLIC_URL,
    requestHash: orders.requestHash,
  })
  registerDocumentRoutes(api, orders.documents)
  registerStaffOrderRoutes(api, {
    db,
    clock,
    orders: orders.staff,
    tellMoneyBack: orders.tellMoneyBack,
  })
  registerStaffLedgerRoutes(api, db)
  registerStaffAuditRoutes(api, db)
  registerApprovalRoutes(api, services.approvals)
  registerStaffUserRoutes(api, users.staff)
  registerStaffIdentityRoutes(api, { db, clock, identity: services.identity.identity })
  registerTicketRoutes(api, { db, tickets: tickets.tickets })
  registerStaffTicketRoutes(api, { tickets: tickets.tickets, prepared: tickets.prepared })
  // Internal, for web's servers; outside the OpenAPI document (ADR 033).
  registerChangeRoutes(api, {
    bus: services.changes,
    db,
    secret: config.CMS_WEBHOOK_SECRET,
    heartbeatSeconds: config.CHANGES_HEARTBEAT_SECONDS,
  })
  registerModerationAuditRoute(api, { db, clock, secret: config.CMS_WEBHOOK_SECRET })
  registerBlockedAuthorsRoute(api, { db, secret: config.CMS_WEBHOOK_SECRET })
  registerStaffSmsRoutes(api, createDeadSmsService(deps))
  registerOpenApiRoutes(api)
}

export interface AppOptions {
  /** Whether the process is shutting down (main.ts: the graceful closer); readiness says so. */
  draining?: () => boolean
  /** The process's services (composition.ts), when the caller shares them with its jobs. */
  services?: Services
}

/** The whole HTTP service without a listening socket: main.ts listens, tests call it over HTTP. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Koa<AppState> {
  const app = new Koa<AppState>({
    proxy: deps.config.TRUST_PROXY,
    // Trust one hop: the last X-Forwarded-For entry, written by whatever talks to us directly
    // (web sends exactly one address, the edge proxy of /api overwrites the header); anything
    // before it is whatever the client sent (ADR 016).
    maxIpsCount: 1,
  })
  const api = createApi(createRequireUser(deps), {
    validateResponses: validatesResponses(deps.config),
  })
  registerRoutes(api, deps, options.services ?? composeServices(deps), options.draining)
  limitConcurrentUploads(app, deps.config.UPLOADS_CONCURRENT_PER_INSTANCE)

  app.use(
    requestFrame({
      logger: deps.logger,
      metrics: deps.metrics,
      metricsToken: deps.config.METRICS_TOKEN,
      routes: apiRoutes(api),
    }),
  )
  return app
}
