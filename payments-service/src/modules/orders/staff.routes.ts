import type { Knex } from 'knex'
import { defineRoute, reply, type Api } from '../../http/route.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Role } from '../../models/user.model.ts'
import { dailyReconciliation, reconciliationCsv } from '../ledger/daily-reconciliation.ts'
import { staffDashboard } from './fulfilment/dashboard.ts'
import { ReconciliationOut, ReconciliationQuery } from '../ledger/staff.schema.ts'
import { listMoneyToReturn, refundByHand } from './fulfilment/money-to-return.ts'
import { MoneyToReturnOut, RefundByHandBody } from './money-to-return.schema.ts'
import type { StaffOrderService } from './fulfilment/staff-orders.service.ts'
import {
  BlockBody,
  DashboardOut,
  IdParams,
  OrderDetailOut,
  OrderPageOut,
  OrderQuery,
  RefundOut,
  RevealedOut,
  SettleRefundBody,
  StaffUserOut,
  SupportRoleBody,
  TransitionBody,
  UnblockBody,
  UserDetailOut,
  UserPageOut,
  UserQuery,
} from './staff.schema.ts'
import type { StaffUserService } from '../users/staff-users.service.ts'

const STAFF: readonly Role[] = ['support', 'admin']
const ADMIN: readonly Role[] = ['admin']
const TAGS = ['staff']

export interface StaffRouteDeps {
  db: Knex
  clock: Clock
  orders: StaffOrderService
  users: StaffUserService
  /** Tells the customer that money of their order is coming back (after the refund committed). */
  tellMoneyBack: (refundId: number) => Promise<void>
}

/** The staff back office (issue #8); payments-service/docs/staff-api.md lists every call. */
export function registerStaffRoutes(
  api: Api,
  { db, clock, orders, users, tellMoneyBack }: StaffRouteDeps,
) {
  defineRoute(api, {
    method: 'get',
    path: '/api/staff/dashboard/',
    operationId: 'staff_dashboard',
    summary: 'Open orders per stage, tickets waiting for a reply, today’s paid volume (rials)',
    tags: TAGS,
    auth: STAFF,
    responses: { 200: { description: 'Numbers', schema: DashboardOut } },
    handler: async () => reply(200, await staffDashboard(db, clock)),
  })

  // ---- orders ----------------------------------------------------------------------------

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/orders/',
    operationId: 'staff_orders_list',
    summary: 'The order queue, filtered by stage, type, Tehran date range and customer phone',
    description:
      '`stage` takes one stage or several comma-separated; `from`/`to` are inclusive Tehran days (YYYY-MM-DD) of creation; `sort=oldest` serves a queue first-come first-served.',
    tags: TAGS,
    auth: STAFF,
    query: OrderQuery,
    responses: { 200: { description: 'A page of orders', schema: OrderPageOut } },
    handler: async (_ctx, { query }) => reply(200, await orders.list(query)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/orders/:id/',
    operationId: 'staff_orders_read',
    summary: 'An order with its customer, amounts, locked rate, documents, audit trail and actions',
    tags: TAGS,
    auth: STAFF,
    params: IdParams,
    responses: { 200: { description: 'Order', schema: OrderDetailOut } },
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await orders.detail(params.id)),
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/payments/:id/transition/',
    operationId: 'payments_transition',
    summary: 'A staff action on an order: start work, complete, settle a cash-out, reject, cancel',
    description:
      '`to`: `in_progress` (start work, from paid), `done` (complete; a cash-out needs the bank transfer `reference`), `rejected` (needs `note`; a paid bank order is reversed at the bank or gets a manual refund record and becomes `refunded`), `refunded` (the same for a paid order), `cancelled` (unpaid, needs `note`). `note` and `reference` are shown to the customer, `internal_note` only to staff. One guarded transaction with an audit event naming the staff member; the customer gets an SMS when the status changes. 409 `illegal_transition` from a stage that does not allow it.',
    tags: ['orders', 'staff'],
    auth: STAFF,
    params: IdParams,
    body: TransitionBody,
    responses: { 200: { description: 'Moved', schema: OrderDetailOut } },
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) =>
      reply(200, await orders.move(user, params.id, body)),
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/staff/orders/:id/reveal-credentials/',
    operationId: 'staff_orders_reveal_credentials',
    summary: "Decrypt the customer's site password (audited: who and when)",
    description:
      'Each call writes a `credentials_revealed` event naming the staff member. 409 `credentials_unavailable` when the order has none or it was wiped after CREDENTIALS_RETENTION_DAYS.',
    tags: TAGS,
    auth: STAFF,
    params: IdParams,
    responses: { 200: { description: 'The credentials', schema: RevealedOut } },
    errors: [404, 409],
    handler: async (_ctx, { params, user }) =>
      reply(200, await orders.revealCredentials(user, params.id)),
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/staff/refunds/:id/settle/',
    operationId: 'staff_refunds_settle',
    summary: 'Record that a manual refund was paid (bank transfer reference)',
    tags: TAGS,
    auth: STAFF,
    params: IdParams,
    body: SettleRefundBody,
    responses: { 200: { description: 'Settled', schema: RefundOut } },
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) =>
      reply(200, await orders.settleRefund(user, params.id, body)),
  })

  // ---- money to return (issue #15) ---------------------------------------------------------

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/money-to-return/',
    operationId: 'staff_money_to_return_list',
    summary: 'Every captured rial not on a paid order, oldest first, until it is returned',
    description:
      'One item per bank payment whose suspense balance is above zero or that has a return on its way (refund `requested` from the bank or `pending` a transfer by staff). Amounts in rials.',
    tags: TAGS,
    auth: STAFF,
    responses: { 200: { description: 'Items, oldest first', schema: MoneyToReturnOut } },
    handler: async () => reply(200, await listMoneyToReturn(db)),
  })

  defineRoute(api, {
    method: 'post',
    path: '/api/staff/money-to-return/:id/refund/',
    operationId: 'staff_money_to_return_refund',
    summary: 'Return an item in suspense by hand (`:id`: its gateway_tx_id), as a manual refund',
    description:
      'Opens a manual refund of the whole suspense balance, audited on the order (`refund_by_hand`, with the note). Record the bank transfer with `POST /api/staff/refunds/:id/settle/`. 409 `refund_open` when a return of it is already on its way, `not_in_suspense` when nothing is held.',
    tags: TAGS,
    auth: STAFF,
    params: IdParams,
    body: RefundByHandBody,
    responses: { 201: { description: 'The manual refund', schema: RefundOut } },
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) => {
      const refund = await refundByHand(db, clock, user, params.id, body.note)
      await tellMoneyBack(refund.id)
      return reply(201, refund)
    },
  })

  // ---- daily reconciliation for accounting (issue #15) -------------------------------------

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/reconciliation/',
    operationId: 'staff_reconciliation_day',
    summary: 'One bank day (Tehran): what the bank verified against what the ledger booked',
    description:
      'Per gateway transaction verified that day: the amount of the bank’s verify answer, the capture the ledger booked and what was reversed since; totals per gateway and the lines that differ. `/api/staff/reconciliation/csv/` gives the same lines as CSV.',
    tags: TAGS,
    auth: STAFF,
    query: ReconciliationQuery,
    responses: { 200: { description: 'The day', schema: ReconciliationOut } },
    handler: async (_ctx, { query }) => reply(200, await dailyReconciliation(db, query.day)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/reconciliation/csv/',
    operationId: 'staff_reconciliation_csv',
    summary: 'The day’s reconciliation lines as CSV (UTF-8 with BOM), for the accountants',
    tags: TAGS,
    auth: STAFF,
    query: ReconciliationQuery,
    responses: { 200: { description: 'CSV', binary: { mediaTypes: ['text/csv'] } } },
    handler: async (ctx, { query }) => {
      const csv = reconciliationCsv(await dailyReconciliation(db, query.day))
      ctx.type = 'text/csv; charset=utf-8'
      ctx.set(
        'Content-Disposition',
        `attachment; filename="arzpol-reconciliation-${query.day}.csv"`,
      )
      ctx.set('Cache-Control', 'private, no-store')
      return reply(200, Buffer.from(csv, 'utf8'))
    },
  })

  // ---- users -----------------------------------------------------------------------------

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/users/',
    operationId: 'staff_users_list',
    summary: 'Accounts by phone (exact or its first digits), role and blocked state',
    tags: TAGS,
    auth: STAFF,
    query: UserQuery,
    responses: { 200: { description: 'A page of accounts', schema: UserPageOut } },
    handler: async (_ctx, { query }) => reply(200, await users.list(query)),
  })

  defineRoute(api, {
    method: 'get',
    path: '/api/staff/users/:id/',
    operationId: 'staff_users_read',
    summary: 'An account with its latest orders, tickets and audit',
    tags: TAGS,
    auth: STAFF,
    params: IdParams,
    responses: { 200: { description: 'Account', schema: UserDetailOut } },
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await users.detail(params.id)),
  })

  for (const action of ['block', 'unblock'] as const) {
    defineRoute(api, {
      method: 'post',
      path: `/api/staff/users/:id/${action}/`,
      operationId: `staff_users_${action}`,
      summary:
        action === 'block'
          ? 'Block an account: login, refresh and every access token stop working at once'
          : 'Unblock an account (old sessions stay revoked)',
      description:
        'Support may block customers; admins also support staff. Admin accounts and your own are refused.',
      tags: TAGS,
      auth: STAFF,
      params: IdParams,
      body: action === 'block' ? BlockBody : UnblockBody,
      responses: { 200: { description: 'Account', schema: UserDetailOut } },
      errors: [404, 409],
      handler: async (_ctx, { params, body, user }) =>
        reply(200, await users.setBlocked(user, params.id, action === 'block', body.note ?? null)),
    })
  }

  for (const action of ['grant', 'revoke'] as const) {
    defineRoute(api, {
      method: 'post',
      path: `/api/staff/roles/${action}-support/`,
      operationId: `staff_roles_${action}_support`,
      summary:
        action === 'grant'
          ? 'Give an existing account the support role, by phone (admin)'
          : 'Take the support role back, by phone (admin)',
      description:
        'Audited. Admin accounts are created and changed only with the CLI (`npm run create-staff -- --role admin`): 409 `role_locked`.',
      tags: TAGS,
      auth: ADMIN,
      body: SupportRoleBody,
      responses: { 200: { description: 'Account', schema: StaffUserOut } },
      errors: [404, 409],
      handler: async (_ctx, { body, user }) =>
        reply(200, await users.setSupport(user, body.phone, action === 'grant', body.note)),
    })
  }
}
