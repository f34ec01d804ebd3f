import Koa from 'koa'
import { validatesResponses } from './config/env.ts'
import type { AppDeps, AppState } from './http/context.ts'
import { createRequireUser } from './http/middlewares/auth.ts'
import { requestFrame } from './http/middlewares/request-frame.ts'
import { registerOpenApiRoutes } from './http/openapi/openapi.routes.ts'
import { apiRoutes, createApi, type Api } from './http/route.ts'
import { createAccountService } from './modules/auth/account.service.ts'
import { registerAuthRoutes } from './modules/auth/auth.routes.ts'
import { createOtpCodes } from './modules/auth/otp-code.ts'
import { createLoginThrottle } from './modules/auth/login-throttle.ts'
import { createOtpGuard } from './modules/auth/otp-guard.ts'
import { createOtpService } from './modules/auth/otp.service.ts'
import { createSecondFactorService } from './modules/auth/second-factor.ts'
import { registerSecondFactorRoutes } from './modules/auth/second-factor.routes.ts'
import { createSessionService } from './modules/auth/session.service.ts'
import { registerHealthRoutes } from './modules/health/health.routes.ts'
import { registerTicketing } from './modules/tickets/index.ts'
import { orderServicesOf, registerOrderRoutes } from './modules/payments/index.ts'
import { registerStaff } from './modules/staff/index.ts'

function registerRoutes(api: Api, deps: AppDeps, options: AppOptions): void {
  const { config, db, clock, logger } = deps
  const otp = createOtpService({
    db,
    clock,
    codes: createOtpCodes(config.JWT_PRIVATE_KEY),
    sms: deps.sms,
    limits: {
      perPhonePerHour: config.OTP_SEND_LIMIT_PER_PHONE_PER_HOUR,
      perIpPerHour: config.OTP_SEND_LIMIT_PER_IP_PER_HOUR,
    },
    guard: createOtpGuard({
      clock,
      sms: deps.sms,
      limits: {
        failuresPerPhone: config.OTP_FAILURE_BUDGET_PER_PHONE,
        failureWindowSeconds: config.OTP_FAILURE_WINDOW_HOURS * 3600,
        lockSeconds: config.OTP_LOCK_HOURS * 3600,
        failuresPerIp: config.OTP_FAILURE_BUDGET_PER_IP,
        ipWindowSeconds: config.OTP_IP_FAILURE_WINDOW_MINUTES * 60,
      },
    }),
  })
  const sessions = createSessionService({
    db,
    clock,
    tokens: deps.tokens,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    logger,
  })
  const throttle = createLoginThrottle({
    db,
    clock,
    limits: {
      perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: config.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_MINUTES * 60,
    },
  })
  const secondFactor = createSecondFactorService({
    db,
    clock,
    logger,
    signingKey: config.JWT_PRIVATE_KEY,
    vault: orderServicesOf(deps).vault,
    throttle,
    sessions,
  })
  const accounts = createAccountService({
    db,
    clock,
    otp,
    passwords: deps.passwords,
    sessions,
    throttle,
    secondFactor,
  })

  registerHealthRoutes(api, db, options.draining ?? (() => false))
  registerAuthRoutes(api, { deps, otp, accounts, sessions })
  registerSecondFactorRoutes(api, secondFactor)
  const orders = registerOrderRoutes(api, deps)
  registerStaff(api, deps, orders)
  registerTicketing(api, deps)
  registerOpenApiRoutes(api)
}

export interface AppOptions {
  /** Whether the process is shutting down (main.ts: the graceful closer); readiness says so. */
  draining?: () => boolean
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
  registerRoutes(api, deps, options)

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
