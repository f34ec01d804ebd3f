import type { AppDeps } from './http/context.ts'
import { createAccountService } from './modules/auth/account.service.ts'
import { createLoginThrottle } from './modules/auth/login-throttle.ts'
import { createOtpCodes } from './modules/auth/otp-code.ts'
import { createOtpGuard } from './modules/auth/otp-guard.ts'
import { createOtpService } from './modules/auth/otp.service.ts'
import { createSecondFactorService } from './modules/auth/second-factor.ts'
import { enrolmentLinkSettings } from './modules/auth/enrolment-links.ts'
import { createSessionService } from './modules/auth/session.service.ts'
import { createChangeBus, type ChangeSource } from './changes/bus.ts'
import { createPaymentTypeStore } from './modules/catalog/payment-type-store.ts'
import { quoteSignerFromConfig } from './modules/catalog/quote-token.ts'
import { createRateService } from './modules/catalog/rates.service.ts'
import { gatewayFromConfig } from './modules/gateways/index.ts'
import { createIdentityService } from './modules/identity/identity.service.ts'
import { identityInquiryFromConfig } from './modules/identity/index.ts'
import { createInquiryLog, inquiryHashKeyOf } from './modules/identity/inquiries.ts'
import type { Ownership } from './modules/identity/ownership.ts'
import { identityDocumentFilesFromConfig } from './modules/identity/documents.ts'
import { credentialVaultFromConfig, type CredentialVault } from './lib/credential-vault.ts'
import { requestHasherFromConfig } from './modules/orders/checkout/idempotency.ts'
import { createDocumentService } from './modules/orders/fulfilment/documents.ts'
import { reviewPayoutsAtLevel1 } from './modules/orders/fulfilment/payout-details.ts'
import { createStaffOrderService } from './modules/orders/fulfilment/staff-orders.service.ts'
import { createApprovals, type ProposalGate } from './modules/approvals/approvals.service.ts'
import { createOrdersService } from './modules/orders/orders.service.ts'
import { callbackUrlOf } from './modules/orders/settlement/callback-url.ts'
import {
  createMoneyBackNotice,
  createRefundAccountRequest,
} from './modules/orders/settlement/money-back-notice.ts'
import { createPreparedMessageService } from './modules/tickets/prepared-messages.service.ts'
import { createTicketService } from './modules/tickets/tickets.service.ts'
import { createStaffUserService } from './modules/users/staff-users.service.ts'

/**
 * The one place services are built: once per process (main.ts) or per test app, from the
 * infrastructure in deps. The routes, the background jobs and the tests all take them from here,
 * so they share one credential vault (a random key when none is configured), one gateway, one
 * rate cache.
 */
export function composeServices(deps: AppDeps) {
  // The change bus (ADR 033): built here, listening once main.ts (or a test) starts it.
  const changes = createChangeBus({
    db: deps.db,
    logger: deps.logger,
    pingMs: deps.config.CHANGES_HEARTBEAT_SECONDS * 1000,
  })
  const approvals = createApprovals({
    db: deps.db,
    clock: deps.clock,
    sms: deps.sms,
    thresholds: {
      payout_settlement: deps.config.FOUR_EYES_PAYOUT_ABOVE_IRR,
      refund_settlement: deps.config.FOUR_EYES_REFUND_ABOVE_IRR,
    },
    lifetimeHours: deps.config.PROPOSAL_HOURS,
  })
  const catalog = composeCatalog(deps, changes, approvals)
  // Reaching level 1 looks again at the customer's waiting cash-outs (ADR 024).
  const identity = composeIdentity(
    deps,
    (userId) => reviewPayoutsAtLevel1({ ...deps, ownership: identity.identity.ownership }, userId),
    approvals,
  )
  const orders = composeOrders(deps, catalog, identity.identity.ownership, approvals)
  const staffUsers = createStaffUserService({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    enrolmentLinks: enrolmentLinkSettings(deps.config),
    approvals,
  })
  approvals.register(orders.staff.executors)
  approvals.register(staffUsers.executors)
  approvals.register(identity.identity.reviews.executors)
  approvals.register(catalog.rates.executors)
  return {
    approvals,
    auth: composeAuth(deps, orders.vault),
    changes,
    catalog,
    orders,
    identity,
    users: { staff: staffUsers },
    tickets: {
      tickets: createTicketService({
        db: deps.db,
        clock: deps.clock,
        storage: deps.storage,
        sms: deps.sms,
        logger: deps.logger,
      }),
      prepared: createPreparedMessageService({ db: deps.db, clock: deps.clock }),
    },
  }
}

export type Services = ReturnType<typeof composeServices>

function composeAuth(
  { config, db, clock, logger, sms, tokens, passwords }: AppDeps,
  vault: CredentialVault,
) {
  const otp = createOtpService({
    db,
    clock,
    codes: createOtpCodes(config.JWT_PRIVATE_KEY),
    sms,
    limits: {
      perPhonePerHour: config.OTP_SEND_LIMIT_PER_PHONE_PER_HOUR,
      perIpPerHour: config.OTP_SEND_LIMIT_PER_IP_PER_HOUR,
    },
    guard: createOtpGuard({
      clock,
      sms,
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
    tokens,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    reuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
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
    vault,
    throttle,
    sessions,
  })
  const accounts = createAccountService({
    db,
    clock,
    otp,
    passwords,
    sessions,
    throttle,
    secondFactor,
  })
  return { otp, sessions, throttle, secondFactor, accounts }
}

function composeIdentity(
  { config, db, clock, logger, storage, metrics }: AppDeps,
  onLevel1: (userId: number) => Promise<void>,
  approvals: ProposalGate,
) {
  const provider = identityInquiryFromConfig(config)
  const inquiries = createInquiryLog({
    db,
    clock,
    logger,
    provider,
    hashKey: inquiryHashKeyOf(config.JWT_PRIVATE_KEY),
    reuseDays: config.IDENTITY_INQUIRY_REUSE_DAYS,
    // Paid questions per Tehran day (ADR 030).
    caps: {
      perCustomerPerDay: config.IDENTITY_INQUIRY_LIMIT_PER_CUSTOMER_PER_DAY,
      perIpPerDay: config.IDENTITY_INQUIRY_LIMIT_PER_IP_PER_DAY,
    },
    priceIrr: config.IDENTITY_INQUIRY_PRICE_IRR,
    metrics,
  })
  const documentFiles = identityDocumentFilesFromConfig(config, storage)
  return {
    provider,
    inquiries,
    identity: createIdentityService({
      db,
      clock,
      logger,
      inquiries,
      documentFiles,
      onLevel1,
      maxCards: config.IDENTITY_CARD_LIMIT_PER_CUSTOMER,
      uploadCaps: {
        perHour: config.IDENTITY_UPLOADS_PER_HOUR,
        perRequest: config.IDENTITY_UPLOADS_PER_REQUEST,
      },
      approvals,
    }),
  }
}

function composeCatalog(
  { config, db, clock, logger }: AppDeps,
  changes: ChangeSource,
  approvals: ProposalGate,
) {
  const ttlSeconds = config.RATE_CACHE_TTL_SECONDS
  return {
    rates: createRateService({ db, clock, ttlSeconds, changes, approvals }),
    paymentTypes: createPaymentTypeStore({ db, clock, ttlSeconds, changes }),
    quoteSigner: quoteSignerFromConfig(config, logger),
  }
}

function composeOrders(
  deps: AppDeps,
  catalog: ReturnType<typeof composeCatalog>,
  ownership: Ownership,
  approvals: ProposalGate,
) {
  const { config, db, clock, logger, sms } = deps
  // Without a configured key the vault holds a random one, which every user of the
  // credentials (orders, staff reveal, the second factor) must share.
  const vault = credentialVaultFromConfig(config, logger)
  const gateway = gatewayFromConfig(config)
  const tellMoneyBack = createMoneyBackNotice(deps)
  const customer = createOrdersService({
    db,
    clock,
    logger,
    rates: catalog.rates,
    paymentTypes: catalog.paymentTypes,
    vault,
    gateway,
    rateLockMinutes: config.RATE_LOCK_MINUTES,
    rateMaxAgeMinutes: config.RATE_MAX_AGE_MINUTES,
    quoteSigner: catalog.quoteSigner,
    callbackUrl: callbackUrlOf(config),
    callbackWaitMs: config.CALLBACK_WAIT_MS,
    onMoneyBack: tellMoneyBack,
    onTransferNeeded: createRefundAccountRequest(deps),
    ownership,
  })
  return {
    vault,
    gateway,
    customer,
    tellMoneyBack,
    requestHash: requestHasherFromConfig(config, logger),
    documents: createDocumentService({ db, clock, logger, storage: deps.storage, ownership }),
    staff: createStaffOrderService({
      db,
      clock,
      logger,
      sms,
      vault,
      gateway,
      ownership,
      approvals,
    }),
  }
}
