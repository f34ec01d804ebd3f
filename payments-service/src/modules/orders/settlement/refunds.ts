import type { Knex } from 'knex'
import { Refund, type RefundRow } from '../../../models/refund.model.ts'
import { bookRefundOutcome, bookRefundRequested } from '../../ledger/money-events.ts'

/**
 * Money given back on an order, by the bank (a reversal) or by hand (a transfer staff record).
 * Every return, automatic or by staff, is one row here and two ledger entries: requested (the
 * money leaves the order or suspense and is `outgoing`) and its outcome.
 */

const legsOf = (row: RefundRow) => ({
  refundId: row.id,
  orderId: row.payment_id,
  attemptId: row.gateway_tx_id,
  amount: row.amount_irr,
})

const byWhom = (staffId: number | null) => (staffId === null ? 'system' : `staff:${staffId}`)

/** Opens a return in the caller's transaction and books the money as on its way back. */
export async function openRefund(
  trx: Knex.Transaction,
  input: {
    orderId: number
    attemptId: number | null
    amountIrr: number
    method: RefundRow['method']
    /** Where the money is now: on the paid order, or in suspense. */
    from: 'order_funds' | 'suspense'
    reason: string
    staffId: number | null
    now: Date
  },
): Promise<RefundRow> {
  const row = await Refund.open(trx, {
    payment_id: input.orderId,
    gateway_tx_id: input.attemptId,
    amount_irr: input.amountIrr,
    method: input.method,
    status: input.method === 'gateway_reverse' ? 'requested' : 'pending',
    reason: input.reason.slice(0, 64),
    created_by_user_id: input.staffId,
    created_at: input.now,
  })
  if (!row) throw new Error('refund insert returned no row')
  await bookRefundRequested(
    trx,
    { ...legsOf(row), from: input.from, reason: row.reason ?? input.reason },
    input.now,
    byWhom(input.staffId),
  )
  return row
}

/**
 * Closes a return: `reversed` by the bank, `transferred` by staff (with the bank's tracking
 * number), or `refused` by the bank (the money goes back to suspense for staff).
 */
export async function closeRefund(
  trx: Knex.Transaction,
  refund: RefundRow,
  outcome: 'reversed' | 'transferred' | 'refused',
  input: { staffId: number | null; now: Date; reference?: string | null },
): Promise<RefundRow> {
  const row = await Refund.close(trx, refund.id, {
    status: outcome === 'refused' ? 'refused' : 'done',
    ...(input.reference !== undefined && { reference: input.reference }),
    settled_at: outcome === 'refused' ? null : input.now,
    settled_by_user_id: outcome === 'refused' ? null : input.staffId,
  })
  await bookRefundOutcome(trx, legsOf(refund), outcome, input.now, byWhom(input.staffId))
  return row as RefundRow
}
