import {
  type SettleRefundRequest,
  type StaffOrderQuery,
  type StaffTransitionRequest,
} from '@arzpol/contracts'
import {
  OrderDetailOut,
  OrderPageOut,
  RefundOut,
  RevealedOut,
} from '@arzpol/contracts/orders/staff'
import { wire } from '@arzpol/contracts/wire'
import { queryString } from '~/features/api/list-shapes.server.ts'
import { call, stream } from '~/features/api/payments-client.server.ts'
import { proposalAccepted } from '~/features/approvals/approvals.server.ts'

/**
 * payments-service's staff calls for orders, through the one client with the staff
 * member's access token. Every answer is checked with the contract's schema and comes back as a value (see
 * `call`); payments-service checks the role again on each call.
 */

// Answers are parsed with payments-service's own response schemas, in their JSON form (wire).
const orderPage = wire(OrderPageOut)
const orderDetail = wire(OrderDetailOut)
const revealed = wire(RevealedOut)
// A move or a settlement above the four-eyes amount is answered 202 with its proposal.
const movedOrProposed = orderDetail.or(proposalAccepted)
const settledOrProposed = wire(RefundOut).or(proposalAccepted)

export const listOrders = (request: Request, token: string, query: StaffOrderQuery) =>
  call(request, `/api/staff/orders/${queryString(query)}`, {
    method: 'GET',
    token,
    schema: orderPage,
  })

export const getOrder = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/orders/${id}/`, { method: 'GET', token, schema: orderDetail })

export function transitionOrder(
  request: Request,
  token: string,
  id: number,
  body: StaffTransitionRequest,
) {
  return call(request, `/api/payments/${id}/transition/`, {
    method: 'POST',
    token,
    body,
    schema: movedOrProposed,
  })
}

export const revealCredentials = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/orders/${id}/reveal-credentials/`, {
    method: 'POST',
    token,
    schema: revealed,
  })

export function settleRefund(
  request: Request,
  token: string,
  refundId: number,
  body: SettleRefundRequest,
) {
  return call(request, `/api/staff/refunds/${refundId}/settle/`, {
    method: 'POST',
    token,
    body,
    schema: settledOrProposed,
  })
}

/** An order document's download answer, to be streamed on to the browser. */
export const fetchOrderDocument = (request: Request, token: string, downloadUrl: string) =>
  stream(request, downloadUrl, { token })

/** The day's reconciliation (bank verified against the ledger) as CSV, to be streamed on. */
export const fetchReconciliationCsv = (request: Request, token: string, day: string) =>
  stream(request, `/api/staff/reconciliation/csv/?day=${encodeURIComponent(day)}`, { token })
