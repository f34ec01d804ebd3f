import type { Knex } from 'knex'

/** Money given back on an order: by the bank (done at once) or by hand (pending until settled). */
export interface RefundRow {
  id: number
  payment_id: number
  amount_irr: number
  method: 'gateway_reverse' | 'manual'
  status: 'done' | 'pending'
  reference: string | null
  created_at: Date
  settled_at: Date | null
}

/**
 * Records a refund of the order's whole amount in the caller's transaction: every route that
 * gives money back writes one, so the back office's refund list is the complete account.
 */
export async function recordRefund(
  trx: Knex.Transaction,
  input: {
    payment: { id: number; amount_irr: number }
    /** True when the bank reversed the payment; false leaves a manual refund to settle. */
    reversedByBank: boolean
    staffId: number
    now: Date
  },
): Promise<RefundRow> {
  const { payment, reversedByBank, staffId, now } = input
  const [row] = (await trx('refunds')
    .insert({
      payment_id: payment.id,
      amount_irr: payment.amount_irr,
      method: reversedByBank ? 'gateway_reverse' : 'manual',
      status: reversedByBank ? 'done' : 'pending',
      created_by_user_id: staffId,
      created_at: now,
      settled_at: reversedByBank ? now : null,
      settled_by_user_id: reversedByBank ? staffId : null,
    })
    .returning('*')) as RefundRow[]
  if (!row) throw new Error('refund insert returned no row')
  return row
}
