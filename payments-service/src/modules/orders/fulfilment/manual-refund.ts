import { ApiError } from '../../../http/errors.ts'
import { Payment } from '../../../models/payment.model.ts'
import { Refund, type RefundRow } from '../../../models/refund.model.ts'
import type { User } from '../../../models/user.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { closeRefund } from '../settlement/refunds.ts'
import { recordEvent, type Stage } from '../state-machine.ts'
import type { StaffOrderDeps } from './staff-order-deps.ts'
import { refundBody, staffNotFound } from './staff-order-view.ts'

/** A manual refund was paid to the customer (bank transfer reference recorded). */
export async function settleManualRefund(
  { db, clock }: StaffOrderDeps,
  staff: User,
  refundId: number,
  input: { reference: string; note: string | null },
) {
  const now = clock.now()
  return db.transaction(async (trx) => {
    const found = await Refund.lockById(trx, refundId)
    if (!found) throw staffNotFound()
    refuseOwnAccount(staff, (await Payment.ownerOf(trx, found.payment_id)) ?? 0)
    if (found.status !== 'pending') {
      throw new ApiError(409, STAFF_MESSAGES.refundSettled, 'refund_settled')
    }
    const row = await closeRefund(trx, found, 'transferred', {
      staffId: staff.id,
      now,
      reference: input.reference,
    })
    const stage = (await Payment.stageOf(trx, found.payment_id)) as Stage
    await recordEvent(trx, {
      paymentId: found.payment_id,
      from: stage,
      to: stage,
      reason: 'refund_settled',
      actor: 'staff',
      actorUserId: staff.id,
      data: {
        refund_id: refundId,
        reference: input.reference,
        ...(input.note && { internal_note: input.note }),
      },
      now,
    })
    return refundBody(row as RefundRow)
  })
}
