import { ApiError } from '../../../http/errors.ts'
import { Order } from '../../../models/order.model.ts'
import { Refund, type RefundRow } from '../../../models/refund.model.ts'
import type { User } from '../../../models/user.model.ts'
import { SettleRefundBody } from '@arzpol/contracts/orders/staff'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import {
  approvedBy,
  type Approval,
  type DoneOrProposed,
  type ProposalExecutor,
} from '../../approvals/approval-deps.ts'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { closeRefund } from '../settlement/refunds.ts'
import { recordEvent, type Stage } from '../state-machine.ts'
import type { StaffOrderDeps } from './staff-order-deps.ts'
import { refundBody, staffNotFound } from './staff-order-view.ts'

type Settled = DoneOrProposed<ReturnType<typeof refundBody>>

/**
 * A manual refund was paid to the customer (bank transfer reference recorded). Above the
 * four-eyes amount this only proposes it until a second staff member approves.
 */
export async function settleManualRefund(
  { db, clock, approvals }: Pick<StaffOrderDeps, 'db' | 'clock' | 'approvals'>,
  staff: User,
  refundId: number,
  input: { reference: string; note: string | null },
  approval?: Approval,
): Promise<Settled> {
  const now = clock.now()
  return db.transaction(async (trx): Promise<Settled> => {
    const found = await Refund.lockedRowWithId(trx, refundId)
    if (!found) throw staffNotFound()
    const customerId = (await Order.ownerOf(trx, found.payment_id)) ?? 0
    refuseOwnAccount(staff, customerId)
    if (found.status !== 'pending') {
      throw new ApiError(409, STAFF_MESSAGES.refundSettled, 'refund_settled')
    }
    if (!approval && approvals.needed('refund_settlement', found.amount_irr)) {
      const proposed = await approvals.propose(trx, staff, {
        kind: 'refund_settlement',
        subject: { type: 'refund', id: refundId },
        orderId: found.payment_id,
        customerId,
        amountIrr: found.amount_irr,
        notify: true,
        payload: { refund_id: refundId, reference: input.reference, note: input.note },
        note: input.note,
      })
      return { proposed }
    }
    const row = await closeRefund(trx, found, 'transferred', {
      staffId: staff.id,
      now,
      reference: input.reference,
    })
    const stage = (await Order.stageOf(trx, found.payment_id)) as Stage
    await recordEvent(trx, {
      orderId: found.payment_id,
      from: stage,
      to: stage,
      reason: 'refund_settled',
      actor: 'staff',
      actorUserId: staff.id,
      data: {
        refund_id: refundId,
        reference: input.reference,
        ...(input.note && { internal_note: input.note }),
        ...approvedBy(approval),
      },
      now,
    })
    return { done: refundBody(row as RefundRow) }
  })
}

/** Records an approved refund proposal's transfer as its proposer gave it. */
export const settleApprovedRefund =
  (deps: Pick<StaffOrderDeps, 'clock' | 'approvals'>): ProposalExecutor =>
  async (trx, proposer, payload, approval) => {
    const input = SettleRefundBody.parse(payload)
    const id = Number(payload.refund_id)
    await settleManualRefund({ ...deps, db: trx }, proposer, id, input, approval)
  }
