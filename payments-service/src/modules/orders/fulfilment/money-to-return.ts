import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import type { Clock } from '../../../lib/clock.ts'
import type { User } from '../../../models/user.model.ts'
import { BankAttempt, type MoneyToReturnRow } from '../../../models/bank-attempt.model.ts'
import { Order } from '../../../models/order.model.ts'
import { Refund } from '../../../models/refund.model.ts'
import { balanceOf } from '../../ledger/journal.ts'
import { openRefund } from '../settlement/refunds.ts'
import type { TellMoneyBack } from '../settlement/money-back-notice.ts'
import { recordEvent } from '../state-machine.ts'
import { refuseOwnAccount } from '../../users/own-account.ts'
import { MONEY_TO_RETURN_MESSAGES } from '@arzpol/contracts/orders/staff'

/**
 * "Money to return" (ADR 014): every captured rial that is not on a paid order, one item per
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

const date = (value: string | null) => (value === null ? null : new Date(value))

/** The items as staff see them, with their count and total. */
function itemsOf(rows: MoneyToReturnRow[]) {
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
      refund_sheba: row.refund_sheba,
      refund_sheba_checked: row.refund_sheba_checked_at !== null,
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

/** Every item, oldest first (one query: `GatewayTransaction.moneyToReturn`). */
export async function listMoneyToReturn(db: Knex | Knex.Transaction) {
  return itemsOf(await BankAttempt.moneyToReturn(db))
}

/** One customer's items, by the same rule as the list (one query). */
export async function moneyToReturnOf(db: Knex | Knex.Transaction, userId: number) {
  return itemsOf(await BankAttempt.moneyToReturn(db, { userId }))
}

/**
 * The two numbers of the metric: the rials to return (suspense plus on the way back) and the
 * age in seconds of the oldest item (0 when there is none). Database clock: the metric is read
 * at scrape, the same on every instance.
 */
export async function moneyToReturnTotals(
  db: Knex,
): Promise<{ amountIrr: number; oldestSeconds: number }> {
  const totals = await BankAttempt.moneyToReturnTotals(db)
  return {
    amountIrr: Number(totals.total),
    oldestSeconds: Math.max(0, Number(totals.oldest)),
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
  attemptId: number,
  note: string,
  /** The customer's SMS, a job of this transaction (money-back-notice.ts). */
  tellMoneyBack?: TellMoneyBack,
) {
  const now = clock.now()
  return db.transaction(async (trx) => {
    const first = await BankAttempt.withId(trx, attemptId)
    if (!first) throw notFound()
    const order = await Order.lockIdAndStage(trx, first.payment_id)
    const attempt = await BankAttempt.lockedRowWithId(trx, attemptId)
    if (!order || !attempt) throw notFound()
    refuseOwnAccount(staff, order.user_id)
    const open = await Refund.openFor(trx, attempt.id, OPEN_REFUND)
    if (open) {
      throw new ApiError(409, MONEY_TO_RETURN_MESSAGES.refundOpen, 'refund_open')
    }
    const held = await balanceOf(trx, 'suspense', { attemptId: attempt.id })
    if (attempt.status !== 'suspense' || held <= 0n) {
      throw new ApiError(409, MONEY_TO_RETURN_MESSAGES.notInSuspense, 'not_in_suspense')
    }
    // Reconciliation reverses only a suspense item without a block: this one is staff's now.
    if (!attempt.return_block) {
      await BankAttempt.patchById(trx, attempt.id, {
        return_block: REFUNDED_BY_HAND,
        updated_at: now,
      })
    }
    const refund = await openRefund(trx, {
      orderId: attempt.payment_id,
      attemptId: attempt.id,
      amountIrr: Number(held),
      method: 'manual',
      from: 'suspense',
      reason: attempt.failure ?? 'suspense',
      staffId: staff.id,
      now,
    })
    await recordEvent(trx, {
      orderId: order.id,
      from: order.stage,
      to: order.stage,
      reason: 'refund_by_hand',
      actor: 'staff',
      actorUserId: staff.id,
      data: {
        refund_id: refund.id,
        gateway_tx_id: attempt.id,
        amount_irr: refund.amount_irr,
        internal_note: note,
      },
      now,
    })
    await tellMoneyBack?.(trx, refund.id)
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
