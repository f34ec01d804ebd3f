import type { Knex } from 'knex'
import type { AccountCode } from '../../models/ledger.model.ts'
import { hasEntry, postEntry, type SuspenseReason } from './journal.ts'

/**
 * The postings of each money event (ADR 014), one function per event, each under
 * the idempotency key of our own id so a retried step books nothing twice. Every posting is
 * tagged with its gateway transaction and order, so that the whereabouts of one bank payment is
 * a sum over its tag.
 */

interface Attempt {
  id: number
  payment_id: number
}

const unknownKey = (attemptId: number) => `gtx:${attemptId}:unknown`
const attemptTags = (attempt: Attempt) => ({ orderId: attempt.payment_id, attemptId: attempt.id })

/** Verify was sent and no answer came: the bank may or may not hold the money. */
export async function bookVerifyUnknown(
  trx: Knex.Transaction,
  attempt: Attempt,
  amount: number,
  at: Date,
) {
  const tags = attemptTags(attempt)
  return postEntry(trx, {
    key: unknownKey(attempt.id),
    eventType: 'verify_unknown',
    eventRef: `gtx:${attempt.id}`,
    effectiveAt: at,
    createdBy: 'system',
    debits: [{ account: 'psp_unconfirmed', amount, ...tags }],
    credits: [{ account: 'unconfirmed', amount, ...tags }],
  })
}

/** Legs that close an earlier "outcome unknown", when there was one. */
async function resolveUnknown(trx: Knex.Transaction, attempt: Attempt, amount: number) {
  if (!(await hasEntry(trx, unknownKey(attempt.id)))) return { debits: [], credits: [] }
  const tags = attemptTags(attempt)
  return {
    debits: [{ account: 'unconfirmed' as const, amount, ...tags }],
    credits: [{ account: 'psp_unconfirmed' as const, amount, ...tags }],
  }
}

/**
 * The bank verified (captured) `amount` for this attempt: onto its order when the order was
 * waiting for exactly that, otherwise into suspense with the reason.
 */
export async function bookCapture(
  trx: Knex.Transaction,
  attempt: Attempt & { unknownAmount: number },
  input: { amount: number; to: 'order' | SuspenseReason; at: Date; by: string },
) {
  const tags = attemptTags(attempt)
  const resolved = await resolveUnknown(trx, attempt, attempt.unknownAmount)
  return postEntry(trx, {
    key: `gtx:${attempt.id}:outcome`,
    eventType: input.to === 'order' ? 'capture' : 'capture_to_suspense',
    eventRef: `gtx:${attempt.id}`,
    effectiveAt: input.at,
    createdBy: input.by,
    debits: [...resolved.debits, { account: 'psp_receivable', amount: input.amount, ...tags }],
    credits: [
      ...resolved.credits,
      input.to === 'order'
        ? { account: 'order_funds', amount: input.amount, ...tags }
        : { account: 'suspense', amount: input.amount, reason: input.to, ...tags },
    ],
  })
}

/** The bank said it holds nothing for this attempt: close an earlier "unknown", if any. */
export async function bookNotCaptured(
  trx: Knex.Transaction,
  attempt: Attempt & { unknownAmount: number },
  at: Date,
) {
  const resolved = await resolveUnknown(trx, attempt, attempt.unknownAmount)
  if (resolved.debits.length === 0) return null
  return postEntry(trx, {
    key: `gtx:${attempt.id}:outcome`,
    eventType: 'not_captured',
    eventRef: `gtx:${attempt.id}`,
    effectiveAt: at,
    createdBy: 'system',
    ...resolved,
  })
}

export interface RefundLegs {
  refundId: number
  orderId: number
  attemptId: number | null
  amount: number
}

const refundTags = (refund: RefundLegs) => ({
  orderId: refund.orderId,
  attemptId: refund.attemptId,
  refundId: refund.refundId,
})

/** A return starts: the money leaves the order (or suspense) and is on its way back. */
export async function bookRefundRequested(
  trx: Knex.Transaction,
  refund: RefundLegs & { from: 'order_funds' | 'suspense'; reason: string },
  at: Date,
  by: string,
) {
  const tags = { ...refundTags(refund), reason: refund.reason }
  return postEntry(trx, {
    key: `refund:${refund.refundId}:intent`,
    eventType: 'refund_requested',
    eventRef: `refund:${refund.refundId}`,
    effectiveAt: at,
    createdBy: by,
    debits: [{ account: refund.from, amount: refund.amount, ...tags }],
    credits: [{ account: 'outgoing', amount: refund.amount, ...tags }],
  })
}

/**
 * How a return ended: the bank reversed the capture, staff sent a bank transfer, or the bank
 * refused the reversal (back to suspense, for staff to return by hand).
 */
export async function bookRefundOutcome(
  trx: Knex.Transaction,
  refund: RefundLegs,
  outcome: 'reversed' | 'transferred' | 'refused',
  at: Date,
  by: string,
) {
  const tags = refundTags(refund)
  const to: AccountCode =
    outcome === 'reversed' ? 'psp_receivable' : outcome === 'transferred' ? 'bank' : 'suspense'
  return postEntry(trx, {
    key: `refund:${refund.refundId}:outcome`,
    eventType: `refund_${outcome}`,
    eventRef: `refund:${refund.refundId}`,
    effectiveAt: at,
    createdBy: by,
    debits: [{ account: 'outgoing', amount: refund.amount, ...tags }],
    credits: [
      {
        account: to,
        amount: refund.amount,
        ...tags,
        ...(outcome === 'refused' && { reason: 'reversal_refused' as const }),
      },
    ],
  })
}

/** One leg of `amount`, or none: a fee-free order books no zero posting. */
const legIfAny = <A extends AccountCode, T>(account: A, amount: number, tags: T) =>
  amount > 0 ? [{ account, amount, ...tags }] : []

/** The order was fulfilled: its money becomes our fee and the rials of the foreign purchase. */
export async function bookFulfilment(
  trx: Knex.Transaction,
  order: { id: number; amount_irr: number; fee_irr: number; attemptId: number | null },
  at: Date,
  by: string,
) {
  const tags = { orderId: order.id, attemptId: order.attemptId }
  const purchase = order.amount_irr - order.fee_irr
  return postEntry(trx, {
    key: `order:${order.id}:fulfil`,
    eventType: 'fulfilment',
    eventRef: `order:${order.id}`,
    effectiveAt: at,
    createdBy: by,
    debits: [{ account: 'order_funds', amount: order.amount_irr, ...tags }],
    credits: [...legIfAny('fees', order.fee_irr, tags), ...legIfAny('fx_desk', purchase, tags)],
  })
}

/**
 * A cash-out settled (staff transferred the rials; booked once, as our cash-out has no separate
 * "funded" step, ADR 014): the customer's foreign funds, valued at the order's rial
 * subtotal, are ours at the FX desk; our fee is earned; the rest left the bank.
 */
export async function bookPayoutSettled(
  trx: Knex.Transaction,
  order: { id: number; subtotal_irr: number; amount_irr: number; fee_irr: number },
  at: Date,
  by: string,
) {
  const tags = { orderId: order.id, attemptId: null }
  return postEntry(trx, {
    key: `order:${order.id}:payout`,
    eventType: 'payout_settled',
    eventRef: `order:${order.id}`,
    effectiveAt: at,
    createdBy: by,
    debits: [{ account: 'fx_desk', amount: order.subtotal_irr, ...tags }],
    credits: [
      ...legIfAny('fees', order.fee_irr, tags),
      ...legIfAny('bank', order.amount_irr, tags),
    ],
  })
}
