import type { User } from '../../../models/user.model.ts'
import type { OrderQueryInput, TransitionInput } from '@arzpol/contracts/orders/staff'
import {
  createMoneyBackNotice,
  createRefundAccountRequest,
} from '../settlement/money-back-notice.ts'
import { createSettlement } from '../settlement/settlement.ts'
import { revealCredentials } from './credentials-reveal.ts'
import { settleApprovedRefund, settleManualRefund } from './manual-refund.ts'
import { moveOrder, settleApprovedCashOut } from './staff-move.ts'
import type { StaffOrderContext, StaffOrderDeps } from './staff-order-deps.ts'
import { staffOrderDetail, staffOrderPage } from './staff-order-view.ts'

/** What the back office's order routes call: each use case bound to its dependencies. */
export function createStaffOrderService(deps: StaffOrderDeps) {
  const context: StaffOrderContext = {
    ...deps,
    settlement: createSettlement({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      gateway: deps.gateway,
      onMoneyBack: createMoneyBackNotice({ sms: deps.sms }),
      onTransferNeeded: createRefundAccountRequest({ sms: deps.sms }),
    }),
  }
  const detail = (id: number) => staffOrderDetail(deps.db, id)
  return {
    /** How an approved proposal of each kind these use cases make is carried out. */
    executors: {
      payout_settlement: settleApprovedCashOut(context),
      refund_settlement: settleApprovedRefund(context),
    },
    list: (query: OrderQueryInput) => staffOrderPage(deps.db, query),
    detail,
    /** The order after the move, or the proposal that waits for a colleague. */
    move: async (staff: User, id: number, input: TransitionInput) =>
      (await moveOrder(context, staff, id, input)) ?? { done: await detail(id) },
    revealCredentials: (staff: User, id: number) => revealCredentials(context, staff, id),
    settleRefund: (
      staff: User,
      refundId: number,
      input: { reference: string; note: string | null },
    ) => settleManualRefund(context, staff, refundId, input),
  }
}

export type StaffOrderService = ReturnType<typeof createStaffOrderService>
