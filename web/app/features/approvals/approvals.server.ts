import { formatNumberFa } from '@arzpol/contracts'
import {
  PROPOSAL_MESSAGES,
  PROPOSAL_STATUSES,
  ProposalAcceptedOut,
  ProposalListOut,
  ProposalOut,
  type ProposalStatus,
} from '@arzpol/contracts/proposals'
import { wire, type Wire } from '@arzpol/contracts/wire'
import { z } from 'zod'
import { queryString } from '~/features/api/list-shapes.server.ts'
import { call, type PaymentsResult } from '~/features/api/payments-client.server.ts'
import { FORM_MESSAGES, requiredText } from '~/features/staff/staff-forms.server.ts'

/**
 * payments-service's proposals (four eyes): the list, and a colleague's decision, with the staff
 * member's access token like the other staff calls.
 */

const proposalList = wire(ProposalListOut)
const proposal = wire(ProposalOut)
export const proposalAccepted = wire(ProposalAcceptedOut)
export type Proposal = Wire<z.output<typeof ProposalOut>>

export const listProposals = (request: Request, token: string, status: ProposalStatus | null) =>
  call(request, `/api/staff/proposals/${queryString(status ? { status } : {})}`, {
    method: 'GET',
    token,
    schema: proposalList,
  })

export const decideProposal = (
  request: Request,
  token: string,
  id: number,
  decision: 'approve' | 'decline',
  reason: string,
) =>
  call(request, `/api/staff/proposals/${id}/${decision}/`, {
    method: 'POST',
    token,
    body: { reason },
    schema: proposal,
  })

/** The list's status filter from the query string: pending unless another one is named. */
export function statusFilter(url: URL): ProposalStatus | null {
  const asked = url.searchParams.get('status')
  if (asked === 'all') return null
  return PROPOSAL_STATUSES.find((status) => status === asked) ?? 'pending'
}

/** The decision form: which proposal, which way (the button pressed), and why. */
export const decisionSchema = z.object({
  // Hidden: anything but a proposal's number is a tampered form, told as such in Persian.
  id: z.coerce
    .number({ error: FORM_MESSAGES.unknownAction })
    .int(FORM_MESSAGES.unknownAction)
    .positive(FORM_MESSAGES.unknownAction),
  intent: z.enum(['approve', 'decline'], FORM_MESSAGES.unknownAction),
  reason: requiredText(PROPOSAL_MESSAGES.reasonRequired, 1000),
})

/**
 * The flash of an action payments-service answered 202: it happens once a colleague approves.
 * Undefined when the answer was the action itself.
 */
export function proposedFlash(result: PaymentsResult<unknown>): string | undefined {
  if (!result.ok || result.status !== 202) return undefined
  const accepted = proposalAccepted.safeParse(result.data)
  if (!accepted.success) return undefined
  return `${accepted.data.detail} (پیشنهاد شماره ${formatNumberFa(accepted.data.proposal.id)} در بخش «تأییدها»)`
}
