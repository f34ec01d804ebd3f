import type { AppDeps } from '../../http/context.ts'
import type { Api } from '../../http/route.ts'
import type { PaymentGateway } from '../gateways/gateway.ts'
import type { CredentialVault } from '../payments/credentials.ts'
import { createMoneyBackNotice } from '../payments/money-back-notice.ts'
import { createStaffOrderService } from './orders.service.ts'
import { registerStaffRoutes } from './staff.routes.ts'
import { createStaffUserService } from './users.service.ts'

/**
 * The staff back office (issue #8): order queue and actions, credentials reveal, users and
 * roles, dashboard. Shares the order module's vault and gateway (one of each per process).
 */
export function registerStaff(
  api: Api,
  deps: AppDeps,
  orders: { vault: CredentialVault; gateway: PaymentGateway },
): void {
  const { db, clock, logger, sms } = deps
  registerStaffRoutes(api, {
    db,
    clock,
    orders: createStaffOrderService({
      db,
      clock,
      logger,
      sms,
      vault: orders.vault,
      gateway: orders.gateway,
    }),
    users: createStaffUserService({ db, clock, logger }),
    tellMoneyBack: createMoneyBackNotice(deps),
  })
}
