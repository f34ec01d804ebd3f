import type { Knex } from 'knex'
import { created, ok, proposed, reply, replyDoneOrProposed, type Api } from '../../http/route.ts'
import { staffRoutes } from '../../http/staff-routes.ts'
import type { Clock } from '../../lib/clock.ts'
import { staffDashboard } from './fulfilment/dashboard.ts'
import { listMoneyToReturn, refundByHand } from './fulfilment/money-to-return.ts'
import type { StaffOrderService } from './fulfilment/staff-orders.service.ts'
import type { TellMoneyBack } from './settlement/money-back-notice.ts'
import {
  DashboardOut,
  MoneyToReturnOut,
  OrderDetailOut,
  OrderPageOut,
  OrderQuery,
  RefundByHandBody,
  RefundOut,
  RevealedOut,
  SettleRefundBody,
  TransitionBody,
} from '@arzpol/contracts/orders/staff'
import { IdParams } from '@arzpol/contracts/staff'

export interface StaffRouteDeps {
  db: Knex
  clock: Clock
  orders: StaffOrderService
  /** Tells the customer, inside the refund's transaction, that money is coming back. */
  tellMoneyBack: TellMoneyBack
}

/**
 * The staff side of orders (ADR 008): the dashboard, the queue and its actions, credentials,
 * refunds and money to return. payments-service/docs/staff-api.md lists every staff call.
 */
export function registerStaffOrderRoutes(
  api: Api,
  { db, clock, orders, tellMoneyBack }: StaffRouteDeps,
) {
  const staff = staffRoutes(api)

  staff.get('/api/staff/dashboard/', {
    operationId: 'staff_dashboard',
    summary: 'Open orders per stage, tickets waiting for a reply, today’s paid volume (rials)',
    responses: ok('Numbers', DashboardOut),
    handler: async () => reply(200, await staffDashboard(db, clock)),
  })

  // ---- orders ----------------------------------------------------------------------------

  staff.get('/api/staff/orders/', {
    operationId: 'staff_orders_list',
    summary: 'The order queue, filtered by stage, type, Tehran date range and customer phone',
    description:
      '`stage` takes one stage or several comma-separated; `from`/`to` are inclusive Tehran days (YYYY-MM-DD) of creation; `sort=oldest` serves a queue first-come first-served.',
    query: OrderQuery,
    responses: ok('A page of orders', OrderPageOut),
    handler: async (_ctx, { query }) => reply(200, await orders.list(query)),
  })

  staff.get('/api/staff/orders/:id/', {
    operationId: 'staff_orders_read',
    summary: 'An order with its customer, amounts, locked rate, documents, audit trail and actions',
    params: IdParams,
    responses: ok('Order', OrderDetailOut),
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await orders.detail(params.id)),
  })

  staff.post('/api/payments/:id/transition/', {
    operationId: 'payments_transition',
    summary: 'A staff action on an order: start work, complete, settle a cash-out, reject, cancel',
    description:
      "`to`: `in_progress` (start work, from paid), `done` (complete; a cash-out needs the bank transfer `reference`), `rejected` (needs `note`; a paid bank order is reversed at the bank or gets a manual refund record and becomes `refunded`), `refunded` (the same for a paid order), `cancelled` (unpaid, needs `note`). `note` and `reference` are shown to the customer, `internal_note` only to staff. One guarded transaction with an audit event naming the staff member; the customer gets an SMS when the status changes. 409 `illegal_transition` from a stage that does not allow it. Settling a cash-out (`done`) asks the identity provider again whether the order's Sheba is the customer's (ADR 028): 409 `sheba_not_owner` when it is someone else's, 409 `sheba_unconfirmed` when it cannot be confirmed now. A cash-out above FOUR_EYES_PAYOUT_ABOVE_IRR rials is answered 202 with a proposal (ADR 039): it is settled when a second staff member approves it at `POST /api/staff/proposals/:id/approve/`; 409 `proposal_pending` while one waits.",
    tags: ['orders', 'staff'],
    params: IdParams,
    body: TransitionBody,
    responses: { ...ok('Moved', OrderDetailOut), ...proposed() },
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) =>
      replyDoneOrProposed(200, await orders.move(user, params.id, body)),
  })

  staff.post('/api/staff/orders/:id/reveal-credentials/', {
    operationId: 'staff_orders_reveal_credentials',
    summary: "Decrypt the customer's site password (audited: who and when)",
    description:
      'Each call writes a `credentials_revealed` event naming the staff member. 409 `credentials_unavailable` when the order has none or it was wiped after CREDENTIALS_RETENTION_DAYS; 409 `credentials_not_needed` unless the order is paid or in progress.',
    params: IdParams,
    responses: ok('The credentials', RevealedOut),
    errors: [404, 409],
    handler: async (_ctx, { params, user }) =>
      reply(200, await orders.revealCredentials(user, params.id)),
  })

  staff.post('/api/staff/refunds/:id/settle/', {
    operationId: 'staff_refunds_settle',
    summary: 'Record that a manual refund was paid (bank transfer reference)',
    description:
      'Above FOUR_EYES_REFUND_ABOVE_IRR rials: answered 202 with a proposal a second staff member approves (ADR 039); 409 `proposal_pending` while one waits.',
    params: IdParams,
    body: SettleRefundBody,
    responses: { ...ok('Settled', RefundOut), ...proposed() },
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) =>
      replyDoneOrProposed(200, await orders.settleRefund(user, params.id, body)),
  })

  // ---- money to return ----------------------------------------------------------------------

  staff.get('/api/staff/money-to-return/', {
    operationId: 'staff_money_to_return_list',
    summary: 'Every captured rial not on a paid order, oldest first, until it is returned',
    description:
      'One item per bank payment whose suspense balance is above zero or that has a return on its way (refund `requested` from the bank or `pending` a transfer by staff). Amounts in rials.',
    responses: ok('Items, oldest first', MoneyToReturnOut),
    handler: async () => reply(200, await listMoneyToReturn(db)),
  })

  staff.post('/api/staff/money-to-return/:id/refund/', {
    operationId: 'staff_money_to_return_refund',
    summary: 'Return an item in suspense by hand (`:id`: its gateway_tx_id), as a manual refund',
    description:
      'Opens a manual refund of the whole suspense balance, audited on the order (`refund_by_hand`, with the note). Record the bank transfer with `POST /api/staff/refunds/:id/settle/`. 409 `refund_open` when a return of it is already on its way, `not_in_suspense` when nothing is held.',
    params: IdParams,
    body: RefundByHandBody,
    responses: created('The manual refund', RefundOut),
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) =>
      reply(201, await refundByHand(db, clock, user, params.id, body.note, tellMoneyBack)),
  })
}
