import {
  ORDER_STAGES,
  ORDER_STATUSES,
  type OrderStage,
  type OrderStatusCode,
} from '@arzpol/contracts'
import type { Knex } from 'knex'
import { BankAttempt } from '../../models/bank-attempt.model.ts'
import { OrderEvent, type Actor } from '../../models/order-event.model.ts'
import { Order, type StagePatch } from '../../models/order.model.ts'
import { bookFulfilment, bookPayoutSettled } from '../ledger/money-events.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'

/**
 * The order life cycle. `stage` is the state; `status` (the four values customers see,
 * docs/product/orders.md) is a pure function of it, also computed by the database (generated
 * column).
 *
 * Every change goes through `transition()`: one `UPDATE … WHERE id = ? AND stage IN (allowed
 * sources)` that reports the stage it replaced, and the audit row, in one transaction. A refused
 * or repeated transition updates nothing and writes nothing, which is what makes callbacks and
 * retries idempotent and two racing requests change an order once.
 */

export const STAGES = ORDER_STAGES
export type Stage = OrderStage
export const STATUSES = ORDER_STATUSES
export type Status = OrderStatusCode

export function statusOf(stage: Stage): Status {
  switch (stage) {
    case 'awaiting_payment':
    case 'awaiting_payout_details':
      return 'pending'
    case 'paid':
    case 'in_progress':
      return 'processing'
    case 'done':
      return 'completed'
    default:
      return 'failed'
  }
}

/**
 * gateway: the customer pays rials at a bank, then we buy abroad. payout (cash-out): the
 * customer sends foreign funds and documents, staff settle rials to their Sheba account; there
 * is no bank payment, so `paid` is never reached. A cash-out started before its Sheba and income
 * documents are in waits in `awaiting_payout_details` (pending, never expired: ADR 017) and
 * moves on to staff when the last of them arrives (payout-details.ts).
 */
export type Flow = 'gateway' | 'payout'
export const flowOf = (paymentType: string): Flow =>
  paymentType === 'payout' ? 'payout' : 'gateway'

interface Edge {
  from: Stage
  to: Stage
  flows: readonly Flow[]
  /** What the move means, for readers of the table. */
  why: string
}

const BOTH: readonly Flow[] = ['gateway', 'payout']

export const TRANSITIONS: readonly Edge[] = [
  { from: 'awaiting_payment', to: 'paid', flows: ['gateway'], why: 'bank payment verified' },
  { from: 'awaiting_payment', to: 'payment_failed', flows: ['gateway'], why: 'bank said no' },
  { from: 'awaiting_payment', to: 'expired', flows: BOTH, why: 'left unpaid' },
  { from: 'awaiting_payment', to: 'cancelled', flows: BOTH, why: 'customer or staff cancel' },
  { from: 'awaiting_payment', to: 'rejected', flows: BOTH, why: 'staff refuse before payment' },
  {
    from: 'awaiting_payment',
    to: 'in_progress',
    flows: ['payout'],
    why: 'cash-out submitted with its Sheba and income documents: waits for staff',
  },
  {
    from: 'awaiting_payment',
    to: 'awaiting_payout_details',
    flows: ['payout'],
    why: 'cash-out submitted without its Sheba or income documents: waits for the customer',
  },
  {
    from: 'awaiting_payout_details',
    to: 'in_progress',
    flows: ['payout'],
    why: 'the last missing detail arrived: waits for staff',
  },
  {
    from: 'awaiting_payout_details',
    to: 'cancelled',
    flows: ['payout'],
    why: 'customer or staff cancel',
  },
  {
    from: 'awaiting_payout_details',
    to: 'rejected',
    flows: ['payout'],
    why: 'staff refuse (details never came, doubtful origin of funds)',
  },
  { from: 'paid', to: 'in_progress', flows: ['gateway'], why: 'staff start the purchase' },
  { from: 'paid', to: 'refunded', flows: ['gateway'], why: 'reversed/refunded before work' },
  { from: 'in_progress', to: 'done', flows: BOTH, why: 'fulfilled / settled' },
  { from: 'in_progress', to: 'refunded', flows: ['gateway'], why: 'purchase impossible' },
  {
    from: 'in_progress',
    to: 'rejected',
    flows: ['payout'],
    why: 'documents missing or origin of funds doubtful (no money of ours moved yet)',
  },
]

export function canTransition(from: Stage, to: Stage, flow: Flow): boolean {
  return TRANSITIONS.some(
    (edge) => edge.from === from && edge.to === to && edge.flows.includes(flow),
  )
}

export function sourcesOf(to: Stage, flow: Flow): Stage[] {
  return TRANSITIONS.filter((edge) => edge.to === to && edge.flows.includes(flow)).map(
    (edge) => edge.from,
  )
}

export interface TransitionInput {
  orderId: number
  to: Stage
  /** Narrows the table's sources further (e.g. "only from awaiting_payment"). */
  from?: readonly Stage[]
  reason: string
  actor: Actor
  actorUserId?: number | null
  data?: Record<string, unknown>
  /** Other columns set in the same UPDATE (only those `StagePatch` names: paid_at). */
  patch?: StagePatch
  now: Date
}

export interface TransitionResult {
  from: Stage
  to: Stage
}

function guard(to: Stage, flow: Flow, from: readonly Stage[] | undefined): Stage[] {
  const allowed = sourcesOf(to, flow)
  return from ? allowed.filter((stage) => from.includes(stage)) : allowed
}

/**
 * Moves one order, or does nothing and answers null when its current stage does not allow it
 * (refused or already done). Must run inside the caller's transaction.
 */
export async function transition(
  trx: Knex.Transaction,
  input: TransitionInput,
): Promise<TransitionResult | null> {
  const gateway = guard(input.to, 'gateway', input.from)
  const payout = guard(input.to, 'payout', input.from)
  if (gateway.length === 0 && payout.length === 0) return null
  const row = await Order.moveStage(trx, {
    id: input.orderId,
    to: input.to,
    now: input.now,
    gateway,
    payout,
    patch: input.patch,
  })
  if (!row) return null
  if (input.to === 'done' && flowOf(row.payment_type) === 'gateway') {
    // Fulfilled: the order's money becomes our fee and the rials of the purchase (ADR 014).
    const paidBy = await BankAttempt.verifiedIdOf(trx, input.orderId)
    await bookFulfilment(
      trx,
      {
        id: input.orderId,
        amount_irr: row.amount_irr,
        fee_irr: row.fee_irr,
        attemptId: paidBy ?? null,
      },
      input.now,
      input.actorUserId ? `staff:${input.actorUserId}` : input.actor,
    )
  }
  if (input.to === 'done' && flowOf(row.payment_type) === 'payout') {
    // Settled: the rials went to the customer's Sheba (ADR 014).
    await bookPayoutSettled(
      trx,
      { id: input.orderId, ...row },
      input.now,
      input.actorUserId ? `staff:${input.actorUserId}` : input.actor,
    )
  }
  await recordEvent(trx, {
    orderId: input.orderId,
    from: row.from_stage,
    to: input.to,
    reason: input.reason,
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    data: input.data ?? {},
    now: input.now,
  })
  return { from: row.from_stage, to: input.to }
}

export async function recordEvent(
  trx: Knex | Knex.Transaction,
  event: {
    orderId: number
    from: Stage | null
    to: Stage
    reason: string
    actor: Actor
    actorUserId?: number | null
    data?: Record<string, unknown>
    now: Date
  },
): Promise<void> {
  await OrderEvent.record(trx, {
    payment_id: event.orderId,
    from_stage: event.from,
    to_stage: event.to,
    reason: event.reason,
    actor: event.actor,
    actor_user_id: event.actorUserId ?? null,
    data: JSON.stringify(event.data ?? {}),
    created_at: event.now,
  })
  if (event.actor === 'staff') {
    // Every staff action on an order is also a link of the staff audit chain, in the same
    // transaction (the chain's lock needs one; every staff path already has it).
    if (!('isTransaction' in trx && trx.isTransaction) || !event.actorUserId) {
      throw new Error(
        `staff event ${event.reason} outside a transaction or without its staff member`,
      )
    }
    const { reference, refund_id: refundId, refund_method: refundMethod } = event.data ?? {}
    await appendStaffAudit(trx as Knex.Transaction, {
      actor: { id: event.actorUserId },
      action: event.from === event.to ? 'order_event_recorded' : 'order_moved',
      subject: { type: 'order', id: event.orderId },
      data: {
        from: event.from,
        to: event.to,
        reason: event.reason,
        reference,
        refund_id: refundId,
        refund_method: refundMethod,
      },
      at: event.now,
    })
  }
}
