import type { Knex } from 'knex'
import { ApiError } from '../../../http/errors.ts'
import { BankAttempt } from '../../../models/bank-attempt.model.ts'
import { OrderDocument } from '../../../models/order-document.model.ts'
import { OrderEvent, type EventWithActor } from '../../../models/order-event.model.ts'
import { Order, type SummaryRow } from '../../../models/order.model.ts'
import { Refund, type RefundRow } from '../../../models/refund.model.ts'
import { Ticket } from '../../../models/ticket.model.ts'
import { tehranDayBounds } from '../../../lib/tehran-day.ts'
import { formatMinor } from '@arzpol/contracts'
import type { OrderQueryInput } from '@arzpol/contracts/orders/staff'
import { ticketSummary } from '@arzpol/contracts/tickets/staff'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { flowOf } from '../state-machine.ts'
import { staffActionsFor } from './actions.ts'
import { userRefOf } from '../../users/user-ref.ts'

/** What the back office shows of orders: the list's rows and one order's whole file. */

export const staffNotFound = () => new ApiError(404, STAFF_MESSAGES.notFound, 'not_found')

export const summaryBody = (row: SummaryRow) => ({
  id: row.id,
  status: row.status,
  stage: row.stage,
  payment_type: row.payment_type,
  site_url: row.site_url,
  amount: formatMinor(row.amount_minor),
  currency: row.currency,
  amount_irr: row.amount_irr,
  customer: { id: row.user_id, phone: row.customer_phone, username: row.customer_username },
  paid_at: row.paid_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
})

export const refundBody = (row: RefundRow) => ({
  id: row.id,
  amount_irr: row.amount_irr,
  method: row.method,
  status: row.status,
  reference: row.reference,
  created_at: row.created_at,
  settled_at: row.settled_at,
})

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

const eventBody = (event: EventWithActor) => ({
  id: event.id,
  from_stage: event.from_stage,
  to_stage: event.to_stage,
  reason: event.reason,
  actor: event.actor,
  actor_user: userRefOf(event.actor_user_id, event.actor_username),
  note: text(event.data.note),
  internal_note: text(event.data.internal_note),
  reference: text(event.data.reference),
  created_at: event.created_at,
})

export async function staffOrderPage(db: Knex, query: OrderQueryInput) {
  const { count, rows } = await Order.pageForStaff(
    db,
    {
      stages: query.stage,
      paymentType: query.payment_type,
      createdFrom: query.from ? tehranDayBounds(query.from).start : undefined,
      createdBefore: query.to ? tehranDayBounds(query.to).end : undefined,
      phone: query.phone,
      order: query.sort === 'oldest' ? 'asc' : 'desc',
    },
    query,
  )
  return { count, results: rows.map(summaryBody) }
}

export async function staffOrderDetail(runner: Knex | Knex.Transaction, id: number) {
  const row = await Order.staffDetailOf(runner, id)
  if (!row) throw staffNotFound()
  const [documents, events, refunds, attempts, tickets] = await Promise.all([
    OrderDocument.summariesFor(runner, id),
    OrderEvent.timelineWithActors(runner, id),
    Refund.rowsWhere(runner, { payment_id: id }),
    BankAttempt.rowsWhere(runner, { payment_id: id }),
    Ticket.aboutOrder(runner, id),
  ])
  return {
    ...summaryBody(row),
    site_username: row.site_username,
    subtotal_irr: row.subtotal_irr,
    fee_irr: row.fee_irr,
    rate_irr: row.rate_irr,
    rate_locked_until: row.rate_locked_until,
    description: row.description,
    meta: row.meta,
    sheba: row.sheba,
    customer: {
      id: row.user_id,
      phone: row.customer_phone,
      username: row.customer_username,
      email: row.customer_email,
      blocked: row.customer_blocked_at !== null,
    },
    has_credentials: row.has_credentials,
    credentials_wiped_at: row.credentials_wiped_at,
    documents: documents.map((doc) => ({
      id: doc.id,
      name: doc.file_name,
      content_type: doc.content_type,
      size: doc.size_bytes,
      created_at: doc.created_at,
      download_url: `/api/payments/${id}/documents/${doc.id}/download/`,
    })),
    events: events.map(eventBody),
    tickets: tickets.map(ticketSummary),
    refunds: refunds.map(refundBody),
    gateway_attempts: attempts.map((attempt) => ({
      id: attempt.id,
      res_num: attempt.res_num,
      status: attempt.status,
      amount_irr: attempt.amount_irr,
      ref_num: attempt.ref_num,
      masked_pan: attempt.masked_pan,
      verified_at: attempt.verified_at,
      created_at: attempt.created_at,
    })),
    actions: staffActionsFor(row.stage, flowOf(row.payment_type)).map((action) => ({
      to: action.to,
      label: action.label,
      note_required: action.note_required,
      reference_required: action.reference_required,
      result_stage: action.result,
    })),
  }
}
