import { file, ok, proposed, reply, replyFile, replyProposed, type Api } from '../../http/route.ts'
import { staffRoutes } from '../../http/staff-routes.ts'
import { IdParams } from '@arzpol/contracts/staff'
import { IDENTITY_DOCUMENT_TYPES } from '@arzpol/contracts/identity/documents'
import {
  InquiryPageOut,
  InquiryQuery,
  RejectBody,
  ReviewDetailOut,
  ReviewDocumentParams,
  ReviewPageOut,
  ReviewQuery,
  StaffIdentityHistoryOut,
} from '@arzpol/contracts/identity/review'
import type { IdentityHistoryService } from './history.ts'
import type { IdentityReviewService } from './review.ts'

export function registerIdentityReviewRoutes(
  api: Api,
  deps: { reviews: IdentityReviewService; history: IdentityHistoryService },
) {
  const { reviews, history } = deps
  // Support and admins review level 2 and read identity (ADR 025).
  const reviewers = staffRoutes(api)

  reviewers.get('/api/staff/identity/reviews/', {
    operationId: 'staff_identity_reviews_list',
    summary: 'Level-2 requests by status (pending: oldest first)',
    query: ReviewQuery,
    responses: ok('A page of requests', ReviewPageOut),
    handler: async (_ctx, { query }) => reply(200, await reviews.list(query)),
  })

  reviewers.get('/api/staff/identity/reviews/:id/', {
    operationId: 'staff_identity_reviews_read',
    summary:
      'A level-2 request: the customer, their level-1 data (national code in full), the documents',
    params: IdParams,
    responses: ok('Request', ReviewDetailOut),
    errors: [404],
    handler: async (_ctx, { params, user }) => reply(200, await reviews.detail(user, params.id)),
  })

  reviewers.get('/api/staff/identity/reviews/:id/documents/:documentId/', {
    operationId: 'staff_identity_reviews_document',
    summary: 'Open one document of a request (decrypted; every opening is audited)',
    description:
      'Shown inline (an image for the reviewer) with `X-Content-Type-Options: nosniff`, a sandboxing CSP and `Cache-Control: no-store`. Each call records who opened which document and when.',
    params: ReviewDocumentParams,
    responses: file('The image', IDENTITY_DOCUMENT_TYPES),
    errors: [404],
    handler: async (ctx, { params, user }) => {
      const { document, data } = await reviews.reveal(user, params.id, params.documentId)
      return replyFile(ctx, { type: document.content_type }, data)
    },
  })

  reviewers.post('/api/staff/identity/reviews/:id/approve/', {
    operationId: 'staff_identity_reviews_approve',
    summary: 'Propose approving a pending request; a second staff member approves the proposal',
    description:
      'Answered 202 with a proposal (ADR 039): the customer is at level 2 when a second staff member approves it at `POST /api/staff/proposals/:id/approve/` (audited); 409 `proposal_pending` while one waits. 409 `already_decided` unless the request is pending. 409 `documents_unopened` (with `document_ids`) until the caller has opened every document of the request, and the same for the colleague who approves the proposal.',
    params: IdParams,
    responses: proposed(),
    errors: [404, 409],
    handler: async (_ctx, { params, user }) => {
      const decided = await reviews.decide(user, params.id, { approve: true })
      if (!('proposed' in decided)) throw new Error('an approval without a proposal')
      return replyProposed(decided.proposed)
    },
  })

  reviewers.post('/api/staff/identity/reviews/:id/reject/', {
    operationId: 'staff_identity_reviews_reject',
    summary: 'Reject a pending request with a reason the customer reads (audited)',
    description:
      '409 `already_decided` unless the request is pending. The customer may upload again.',
    params: IdParams,
    body: RejectBody,
    responses: ok('Request', ReviewDetailOut),
    errors: [404, 409],
    handler: async (_ctx, { params, body, user }) => {
      const decided = await reviews.decide(user, params.id, { approve: false, reason: body.reason })
      if (!('done' in decided)) throw new Error('a rejection never waits for a proposal')
      return reply(200, decided.done)
    },
  })

  reviewers.get('/api/staff/users/:id/identity/', {
    operationId: 'staff_users_identity',
    summary:
      "A customer's identity history: level, level-1 data, inquiries, level-2 requests, document openings",
    params: IdParams,
    responses: ok('History', StaffIdentityHistoryOut),
    errors: [404],
    handler: async (_ctx, { params }) => reply(200, await history.ofUser(params.id)),
  })

  reviewers.get('/api/staff/identity/inquiries/', {
    operationId: 'staff_identity_inquiries',
    summary: 'The inquiry log (newest first; no personal data is stored in it)',
    query: InquiryQuery,
    responses: ok('A page of inquiries', InquiryPageOut),
    handler: async (_ctx, { query }) => reply(200, await history.inquiryLog(query)),
  })
}
