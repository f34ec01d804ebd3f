import { ApiError, ValidationError } from '../../../http/errors.ts'
import { Order } from '../../../models/order.model.ts'
import type { User } from '../../../models/user.model.ts'
import { TransitionBody, type TransitionInput } from '@arzpol/contracts/orders/staff'
import type { ProposalView } from '@arzpol/contracts/proposals'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { approvedBy, type Approval, type ProposalExecutor } from '../../approvals/approval-deps.ts'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { flowOf, transition } from '../state-machine.ts'
import { findStaffAction, type StaffAction } from './actions.ts'
import { notifyStatusChange } from './notify.ts'
import { assertSettleSheba, confirmSettleSheba } from './payout-details.ts'
import type { StaffOrderContext } from './staff-order-deps.ts'
import { staffNotFound } from './staff-order-view.ts'

const illegal = () => new ApiError(409, STAFF_MESSAGES.illegalTransition, 'illegal_transition')

/** What the action needs and the input lacks: its note, its reference, a reason of its list. */
function refuseIncomplete(action: StaffAction, input: TransitionInput): void {
  const missing: Record<string, string[]> = {}
  if (action.note_required && !input.note) missing.note = [STAFF_MESSAGES.noteRequired]
  if (action.reference_required && !input.reference) {
    missing.reference = [STAFF_MESSAGES.referenceRequired]
  }
  if (input.reason !== undefined && !action.reasons.includes(input.reason)) {
    missing.reason = [STAFF_MESSAGES.reason]
  }
  if (Object.keys(missing).length > 0) throw new ValidationError(missing)
}

/**
 * A staff action on an order: the action table says which stages allow it and what it needs;
 * the state machine's guarded transition moves the order and writes the audit event naming
 * the staff member, all in one transaction, with the customer's SMS as a job of it.
 *
 * Settling a cash-out above the four-eyes amount only proposes it (nothing moves) until a second
 * staff member approves; the approval runs this again with `approval`, recorded on the event.
 */
export async function moveOrder(
  deps: StaffOrderContext,
  staff: User,
  id: number,
  input: TransitionInput,
  approval?: Approval,
): Promise<{ proposed: ProposalView } | undefined> {
  const { db, clock, settlement } = deps
  const now = clock.now()
  // Settling a cash-out: the provider is asked again whose the Sheba is, before the lock.
  const settleSheba = await assertSettleSheba(deps, id, input.to)
  const moved = await db.transaction(async (trx) => {
    const order = await Order.lockForStaffMove(trx, id)
    if (!order) throw staffNotFound()
    refuseOwnAccount(staff, order.user_id)
    const action = findStaffAction(input.to, order.stage, flowOf(order.payment_type))
    if (!action) throw illegal()
    await confirmSettleSheba(trx, order, action, settleSheba, now)
    refuseIncomplete(action, input)
    const settlesCashOut = flowOf(order.payment_type) === 'payout' && action.result === 'done'
    if (
      settlesCashOut &&
      !approval &&
      deps.approvals.needed('payout_settlement', order.amount_irr)
    ) {
      const proposed = await deps.approvals.propose(trx, staff, {
        kind: 'payout_settlement',
        subject: { type: 'order', id },
        orderId: id,
        customerId: order.user_id,
        amountIrr: order.amount_irr,
        notify: true,
        payload: { order_id: id, input },
        note: input.internal_note ?? input.note,
      })
      return { opened: null, proposed }
    }

    // The return is opened here, under the order's lock; the bank is asked after the commit.
    const opened = action.refund
      ? await settlement.openOrderRefund(trx, order, staff.id, now)
      : null
    const refunded = opened?.refund ?? null
    const result = await transition(trx, {
      orderId: id,
      to: action.result,
      from: [order.stage],
      reason: input.reason ?? action.reason,
      actor: 'staff',
      actorUserId: staff.id,
      data: {
        ...(input.note && { note: input.note }),
        ...(input.internal_note && { internal_note: input.internal_note }),
        ...(input.reference && { reference: input.reference }),
        ...(refunded && { refund_id: refunded.id, refund_method: refunded.method }),
        ...approvedBy(approval),
      },
      now,
    })
    // The row lock makes this unreachable; a refusal still must not commit a refund.
    if (!result) throw illegal()
    await notifyStatusChange(trx, deps.sms, {
      phone: order.phone,
      orderId: id,
      from: result.from,
      to: result.to,
    })
    return { opened, proposed: undefined }
  })
  if (moved.opened) await settlement.finishOrderRefund(moved.opened)
  return moved.proposed && { proposed: moved.proposed }
}

/** Settles an approved cash-out proposal as its proposer asked, with the approval recorded. */
export const settleApprovedCashOut =
  (deps: StaffOrderContext): ProposalExecutor =>
  async (trx, proposer, payload, approval) => {
    const input = TransitionBody.parse(payload.input)
    await moveOrder({ ...deps, db: trx }, proposer, Number(payload.order_id), input, approval)
  }
