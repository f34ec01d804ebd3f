import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import type { User } from '../../../models/user.model.ts'
import { ACCOUNTS, balanceOf } from '../../ledger/journal.ts'
import { openRefund, type RefundRow } from '../settlement/refunds.ts'
import { recordEvent, type Stage } from '../state-machine.ts'
import { MONEY_TO_RETURN_MESSAGES } from '@arzpol/contracts/orders/staff'

/**
 * "Money to return" (issue #15): every captured rial that is not on a paid order, one item per
 * bank payment (gateway transaction), oldest first, until it is reversed by the bank or returned
 * by hand. An item is a gateway transaction whose suspense balance is above zero, or that has a
 * return still on its way (refund `requested` by the bank or `pending` a transfer by staff).
 *
 * Staff return an item by hand (`refundByHand`): a manual refund from suspense, then the
 * existing "settle refund" records the bank transfer's tracking number.
 */

/** Set on an item staff return by hand, so reconciliation no longer asks the bank to reverse it. */
export const REFUNDED_BY_HAND = 'refunded_by_hand'

const OPEN_REFUND = ['requested', 'pending'] as const

interface ItemRow {
  gateway_tx_id: number
  payment_id: number
  phone: string
  suspense: string
  outgoing: string
  failure: string | null
  return_block: string | null
  status: string
  ref_num: string | null
  since: Date
  refunds: Array<{
    id: number
    amount_irr: number
    method: RefundRow['method']
    status: RefundRow['status']
    reason: string | null
    reference: string | null
    created_at: string
    settled_at: string | null
  }>
}

/**
 * One query: the candidates (a positive suspense sum per gateway transaction, or an open
 * refund), their suspense and outgoing balances, the customer and the refunds as JSON.
 */
const ITEMS_SQL = `
  WITH candidates AS (
    SELECT gateway_tx_id AS id FROM postings
     WHERE account_id = ${ACCOUNTS.suspense} AND gateway_tx_id IS NOT NULL
     GROUP BY gateway_tx_id HAVING sum(amount) < 0
    UNION
    SELECT gateway_tx_id FROM refunds
     WHERE status IN ('requested', 'pending') AND gateway_tx_id IS NOT NULL
  ), balances AS (
    SELECT p.gateway_tx_id AS id,
           (-coalesce(sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS.suspense}), 0))::text AS suspense,
           (-coalesce(sum(p.amount) FILTER (WHERE p.account_id = ${ACCOUNTS.outgoing}), 0))::text AS outgoing
      FROM postings p JOIN candidates c ON c.id = p.gateway_tx_id
     WHERE p.account_id IN (${ACCOUNTS.suspense}, ${ACCOUNTS.outgoing})
     GROUP BY p.gateway_tx_id
  )
  SELECT g.id AS gateway_tx_id, g.payment_id, u.phone,
         coalesce(b.suspense, '0') AS suspense, coalesce(b.outgoing, '0') AS outgoing,
         g.failure, g.return_block, g.status, g.ref_num,
         coalesce(g.callback_at, g.updated_at) AS since,
         (SELECT coalesce(json_agg(json_build_object(
                   'id', r.id, 'amount_irr', r.amount_irr, 'method', r.method,
                   'status', r.status, 'reason', r.reason, 'reference', r.reference,
                   'created_at', r.created_at, 'settled_at', r.settled_at) ORDER BY r.id), '[]')
            FROM refunds r WHERE r.gateway_tx_id = g.id) AS refunds
    FROM candidates c
    JOIN gateway_transactions g ON g.id = c.id
    JOIN payments o ON o.id = g.payment_id
    JOIN users u ON u.id = o.user_id
    LEFT JOIN balances b ON b.id = g.id
   ORDER BY since, g.id`

const date = (value: string | null) => (value === null ? null : new Date(value))

export async function listMoneyToReturn(db: Knex | Knex.Transaction) {
  const { rows } = (await db.raw(ITEMS_SQL)) as { rows: ItemRow[] }
  const items = rows.map((row) => {
    const held = Number(row.suspense)
    const outgoing = Number(row.outgoing)
    return {
      gateway_tx_id: row.gateway_tx_id,
      payment_id: row.payment_id,
      customer_phone: row.phone,
      amount_irr: held + outgoing,
      held_irr: held,
      outgoing_irr: outgoing,
      reason: row.failure,
      return_block: row.return_block,
      status: row.status,
      ref_num: row.ref_num,
      since: row.since,
      refunds: row.refunds.map((refund) => ({
        ...refund,
        created_at: new Date(refund.created_at),
        settled_at: date(refund.settled_at),
      })),
    }
  })
  return {
    count: items.length,
    total_irr: items.reduce((sum, item) => sum + item.amount_irr, 0),
    results: items,
  }
}

/**
 * The two numbers of the metric: the rials to return (suspense plus on the way back) and the
 * age in seconds of the oldest item (0 when there is none). Database clock: the metric is read
 * at scrape, the same on every instance.
 */
export async function moneyToReturnTotals(
  db: Knex,
): Promise<{ amountIrr: number; oldestSeconds: number }> {
  const { rows } = (await db.raw(
    `SELECT coalesce(sum(suspense::numeric + outgoing::numeric), 0)::text AS total,
            coalesce(extract(epoch FROM now() - min(since)), 0)::text AS oldest
       FROM (${ITEMS_SQL}) items`,
  )) as { rows: Array<{ total: string; oldest: string }> }
  return {
    amountIrr: Number(rows[0]?.total ?? 0),
    oldestSeconds: Math.max(0, Number(rows[0]?.oldest ?? 0)),
  }
}

const notFound = () => new ApiError(404, MONEY_TO_RETURN_MESSAGES.notFound, 'not_found')

/**
 * Staff return an item in suspense by hand: under the order's and then the attempt's row locks
 * (the order settlement takes them in), a manual refund moves the money from suspense to
 * outgoing, and an audit event on the order names the staff member and their note. The
 * transfer's tracking number is recorded later with `POST /api/staff/refunds/:id/settle/`.
 */
export async function refundByHand(
  db: Knex,
  clock: Clock,
  staff: User,
  gatewayTxId: number,
  note: string,
) {
  const now = clock.now()
  return db.transaction(async (trx) => {
    const first = (await trx('gateway_transactions').where({ id: gatewayTxId }).first()) as
      { payment_id: number } | undefined
    if (!first) throw notFound()
    const payment = (await trx('payments')
      .where({ id: first.payment_id })
      .forUpdate()
      .first('id', 'stage')) as { id: number; stage: Stage } | undefined
    const tx = (await trx('gateway_transactions')
      .where({ id: gatewayTxId })
      .forUpdate()
      .first()) as
      | {
          id: number
          payment_id: number
          status: string
          failure: string | null
          return_block: string | null
        }
      | undefined
    if (!payment || !tx) throw notFound()
    const open = await trx('refunds')
      .where({ gateway_tx_id: tx.id })
      .whereIn('status', [...OPEN_REFUND])
      .first('id')
    if (open) {
      throw new ApiError(409, MONEY_TO_RETURN_MESSAGES.refundOpen, 'refund_open')
    }
    const held = await balanceOf(trx, 'suspense', { gatewayTxId: tx.id })
    if (tx.status !== 'suspense' || held <= 0n) {
      throw new ApiError(409, MONEY_TO_RETURN_MESSAGES.notInSuspense, 'not_in_suspense')
    }
    // Reconciliation reverses only a suspense item without a block: this one is staff's now.
    if (!tx.return_block) {
      await trx('gateway_transactions')
        .where({ id: tx.id })
        .update({ return_block: REFUNDED_BY_HAND, updated_at: now })
    }
    const refund = await openRefund(trx, {
      paymentId: tx.payment_id,
      gatewayTxId: tx.id,
      amountIrr: Number(held),
      method: 'manual',
      from: 'suspense',
      reason: tx.failure ?? 'suspense',
      staffId: staff.id,
      now,
    })
    await recordEvent(trx, {
      paymentId: payment.id,
      from: payment.stage,
      to: payment.stage,
      reason: 'refund_by_hand',
      actor: 'staff',
      actorUserId: staff.id,
      data: {
        refund_id: refund.id,
        gateway_tx_id: tx.id,
        amount_irr: refund.amount_irr,
        internal_note: note,
      },
      now,
    })
    return {
      id: refund.id,
      amount_irr: refund.amount_irr,
      method: refund.method,
      status: refund.status,
      reference: refund.reference,
      created_at: refund.created_at,
      settled_at: refund.settled_at,
    }
  })
}
