import type { ProposalKind, ProposalView } from '@arzpol/contracts/proposals'
import { PROPOSAL_MESSAGES } from '@arzpol/contracts/proposals'
import type { Knex } from 'knex'
import { isUniqueViolation } from '../../db/errors.ts'
import { ApiError } from '../../http/errors.ts'
import { StaffProposal } from '../../models/staff-proposal.model.ts'
import { User } from '../../models/user.model.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'
import type { ApprovalDeps, MoneyKind } from './approval-deps.ts'
import { readProposal } from './proposal-view.ts'

export interface ProposalInput {
  kind: ProposalKind
  /** What the action acts on; one pending proposal per subject. */
  subject: { type: string; id: number | string }
  orderId: number | null
  /** Whose money or account: neither the proposer nor the decider may be this account. */
  customerId: number | null
  amountIrr: number | null
  /**
   * Whether the other staff are texted: for what is urgent or moves money (a colleague may be
   * away from the back office); the rest waits there.
   */
  notify: boolean
  /** The action's own input, replayed on approval. */
  payload: Record<string, unknown>
  note: string | null
}

/** Whether an action of this kind and amount waits for a second staff member. */
export const needsSecondStaff = (
  deps: Pick<ApprovalDeps, 'thresholds'>,
  kind: MoneyKind,
  amountIrr: number,
): boolean => amountIrr > deps.thresholds[kind]

/**
 * Records a proposal in the caller's transaction (which holds the subject's row lock, so the
 * proposal sees the state the action would have acted on), appends it to the staff audit chain
 * and tells every other staff member by SMS, as jobs of the same transaction.
 */
export async function propose(
  trx: Knex.Transaction,
  deps: Pick<ApprovalDeps, 'clock' | 'sms' | 'lifetimeHours'>,
  proposer: User,
  input: ProposalInput,
): Promise<ProposalView> {
  const now = deps.clock.now()
  const subject = { subject_type: input.subject.type, subject_id: String(input.subject.id) }
  await StaffProposal.expireLapsed(trx, subject, now)
  let id: number
  try {
    id = await StaffProposal.propose(trx, {
      kind: input.kind,
      ...subject,
      order_id: input.orderId,
      customer_id: input.customerId,
      amount_irr: input.amountIrr,
      payload: input.payload,
      proposed_by: proposer.id,
      proposed_at: now,
      note: input.note,
      expires_at: new Date(now.getTime() + deps.lifetimeHours * 3_600_000),
    })
  } catch (error) {
    if (isUniqueViolation(error, 'staff_proposals_one_pending')) {
      throw new ApiError(409, PROPOSAL_MESSAGES.pendingExists, 'proposal_pending')
    }
    throw error
  }
  await appendStaffAudit(trx, {
    actor: proposer,
    action: 'proposal_made',
    subject: { type: 'proposal', id },
    data: {
      kind: input.kind,
      subject: input.subject,
      order_id: input.orderId,
      customer_id: input.customerId,
      amount_irr: input.amountIrr,
      payload: input.payload,
      note: input.note,
    },
    at: now,
  })
  if (input.notify) {
    const except = input.customerId === null ? [proposer.id] : [proposer.id, input.customerId]
    for (const phone of await User.staffPhonesExcept(trx, except)) {
      await deps.sms.enqueueProposalWaiting(trx, { phone, proposalId: id })
    }
  }
  return readProposal(trx, id, now)
}
