import { queryString } from '~/features/api/list-shapes.server.ts'
import { proposalAccepted } from '~/features/approvals/approvals.server.ts'
import { call, stream } from '~/features/api/payments-client.server.ts'
import {
  identityHistorySchema,
  inquiryPageSchema,
  levelLimitsSchema,
  reviewDetailSchema,
  reviewPageSchema,
} from './identity-schemas.ts'
import { STAFF_PAGE_SIZE } from './staff-identity-ui.tsx'

/**
 * payments-service's staff identity calls (ADR 025) through the one client with the staff
 * member's token: limits per level, the level-2 review queue and decisions, a review's documents
 * (each reveal audited by payments-service), a customer's identity history and the inquiry log.
 * payments-service checks the role again on each call.
 */

export const listLevelLimits = (request: Request, token: string) =>
  call(request, '/api/staff/identity-levels/', { token, schema: levelLimitsSchema })

export const setLevelLimits = (
  request: Request,
  token: string,
  body: { level: number; per_order_toman: number; per_day_toman: number; per_month_toman: number },
) =>
  call(request, '/api/staff/identity-levels/', {
    method: 'PUT',
    token,
    body,
    schema: levelLimitsSchema,
  })

export const listReviews = (
  request: Request,
  token: string,
  query: { status?: string | undefined; offset: number },
) =>
  call(
    request,
    `/api/staff/identity/reviews/${queryString({ ...query, limit: STAFF_PAGE_SIZE })}`,
    { token, schema: reviewPageSchema },
  )

export const getReview = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/identity/reviews/${id}/`, { token, schema: reviewDetailSchema })

/** Only proposes it: a second staff member approves the proposal (ADR 039). */
export const approveReview = (request: Request, token: string, id: number) =>
  call(request, `/api/staff/identity/reviews/${id}/approve/`, {
    method: 'POST',
    token,
    body: {},
    schema: proposalAccepted,
  })

export const rejectReview = (request: Request, token: string, id: number, reason: string) =>
  call(request, `/api/staff/identity/reviews/${id}/reject/`, {
    method: 'POST',
    token,
    body: { reason },
    schema: null,
  })

/** A review document's bytes, to be streamed on; payments-service records who opened it. */
export const fetchReviewDocument = (
  request: Request,
  token: string,
  reviewId: number,
  documentId: number,
) => stream(request, `/api/staff/identity/reviews/${reviewId}/documents/${documentId}/`, { token })

export const getUserIdentity = (request: Request, token: string, userId: number) =>
  call(request, `/api/staff/users/${userId}/identity/`, { token, schema: identityHistorySchema })

export const listInquiries = (
  request: Request,
  token: string,
  query: { kind?: string | undefined; result?: string | undefined; offset: number },
) =>
  call(
    request,
    `/api/staff/identity/inquiries/${queryString({ ...query, limit: STAFF_PAGE_SIZE })}`,
    { token, schema: inquiryPageSchema },
  )
