import {
  DecideProposalBody,
  ProposalListOut,
  ProposalOut,
  ProposalQuery,
} from '@arzpol/contracts/proposals'
import { IdParams } from '@arzpol/contracts/staff'
import { ok, reply, type Api } from '../../http/route.ts'
import { staffRoutes } from '../../http/staff-routes.ts'
import type { Approvals } from './approvals.service.ts'

/** Staff read proposals and decide their colleagues' (ADR 039). */
export function registerApprovalRoutes(api: Api, approvals: Approvals) {
  const staff = staffRoutes(api)

  staff.get('/api/staff/proposals/', {
    operationId: 'staff_proposals_list',
    summary: 'Proposals waiting for a second staff member, and decided ones (newest first)',
    description:
      '`status`: `pending` (still decidable), `approved`, `declined` or `expired` (lapsed after PROPOSAL_HOURS undecided); none: all, at most 200. `waiting_for_you` counts pending proposals of other staff members.',
    query: ProposalQuery,
    responses: ok('Proposals', ProposalListOut),
    handler: async (_ctx, { query, user }) => reply(200, await approvals.list(user, query)),
  })

  // Approving and declining take the same reason for the proposal in the path and are refused
  // alike (decide.ts: 403 one's own, 409 already decided or lapsed).
  const decision = { params: IdParams, body: DecideProposalBody, errors: [403, 404, 409] }

  staff.post('/api/staff/proposals/:id/approve/', {
    operationId: 'staff_proposals_approve',
    summary: "Approve a colleague's proposal: the action happens now, in one transaction",
    description:
      "The action runs as its proposer's, with this approval recorded beside it (its checks run again: a cash-out's Sheba is asked of the provider again). 403 `own_proposal` for one's own proposal, `own_account` when the money is one's own; 409 `decided`, `proposal_expired`, `proposer_gone` (the proposer is no longer staff), or the action's own refusal, which leaves the proposal pending.",
    ...decision,
    responses: ok('The approved proposal', ProposalOut),
    handler: async (_ctx, { params, body, user }) =>
      reply(200, await approvals.approve(user, params.id, body.reason)),
  })

  staff.post('/api/staff/proposals/:id/decline/', {
    operationId: 'staff_proposals_decline',
    summary: "Decline a colleague's proposal: nothing happens, the reason is recorded",
    ...decision,
    responses: ok('The declined proposal', ProposalOut),
    handler: async (_ctx, { params, body, user }) =>
      reply(200, await approvals.decline(user, params.id, body.reason)),
  })
}
