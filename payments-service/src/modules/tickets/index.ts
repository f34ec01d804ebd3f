import type { AppDeps } from '../../http/context.ts'
import type { Api } from '../../http/route.ts'
import { createPreparedMessageService } from './prepared-messages.service.ts'
import { registerStaffTicketRoutes } from './staff.routes.ts'
import { registerTicketRoutes } from './tickets.routes.ts'
import { createTicketService } from './tickets.service.ts'

/** Support tickets (issue #5): the customer's calls of spec §7 and the staff API. */
export function registerTicketing(api: Api, deps: AppDeps): void {
  const tickets = createTicketService({
    db: deps.db,
    clock: deps.clock,
    storage: deps.storage,
    sms: deps.sms,
    logger: deps.logger,
  })
  const prepared = createPreparedMessageService({ db: deps.db, clock: deps.clock })
  registerTicketRoutes(api, { db: deps.db, tickets })
  registerStaffTicketRoutes(api, { tickets, prepared })
}
