import {
  PROPOSAL_DECIDERS,
  PROPOSAL_MESSAGES,
  type ProposalKind,
  type ProposalView,
} from '@arzpol/contracts/proposals'
import type { Knex } from 'knex'
import { ApiError } from '../../http/errors.ts'
import { StaffProposal, type StaffProposalRow } from '../../models/staff-proposal.model.ts'
import { User } from '../../models/user.model.ts'
import { appendStaffAudit } from '../staff-audit/chain.ts'
import { refuseOwnAccount } from '../users/own-account.ts'
import type { ApprovalDeps, ProposalExecutor } from './approval-deps.ts'
import { proposalNotFound, readProposal } from './proposal-view.ts'

/**
 * A second staff member decides a proposal. Under the proposal's row lock, so of two deciding at
 * once one wins and the other gets 409. Never the proposer, never the customer whose money it
 * is, never after it lapsed. An approval performs the action in the same transaction.
 */

type DecideDeps = Pick<ApprovalDeps, 'db' | 'clock'>

async function lockDecidable(
  trx: Knex.Transaction,
  decider: User,
  id: number,
  now: Date,
): Promise<StaffProposalRow> {
  const row = await StaffProposal.lockedRowWithId(trx, id)
  if (!row) throw proposalNotFound()
  if (row.proposed_by === decider.id) {
    throw new ApiError(403, PROPOSAL_MESSAGES.ownProposal, 'own_proposal')
  }
  if (row.customer_id !== null) refuseOwnAccount(decider, row.customer_id)
  if (!(PROPOSAL_DECIDERS[row.kind] as readonly string[]).includes(decider.role)) {
    throw new ApiError(403, PROPOSAL_MESSAGES.adminOnly, 'permission_denied')
  }
  if (row.status !== 'pending') throw new ApiError(409, PROPOSAL_MESSAGES.decided, 'decided')
  if (row.expires_at.getTime() <= now.getTime()) {
    throw new ApiError(409, PROPOSAL_MESSAGES.expired, 'proposal_expired')
  }
  return row
}

/** The proposer as the action runs for them: still staff, not blocked. */
async function proposerOf(trx: Knex.Transaction, row: StaffProposalRow): Promise<User> {
  const proposer = await User.withId(trx, row.proposed_by)
  if (!proposer || proposer.role === 'customer' || proposer.blocked_at !== null) {
    throw new ApiError(409, PROPOSAL_MESSAGES.proposerGone, 'proposer_gone')
  }
  return proposer
}

export async function approveProposal(
  deps: DecideDeps & { executorOf: (kind: ProposalKind) => ProposalExecutor },
  approver: User,
  id: number,
  reason: string,
): Promise<ProposalView> {
  const now = deps.clock.now()
  return deps.db.transaction(async (trx) => {
    const row = await lockDecidable(trx, approver, id, now)
    const proposer = await proposerOf(trx, row)
    await deps.executorOf(row.kind)(trx, proposer, row.payload, {
      proposalId: id,
      approver,
      reason,
    })
    await recordDecision(trx, row, approver, { approve: true, reason, now })
    return readProposal(trx, id, now)
  })
}

export async function declineProposal(
  deps: DecideDeps,
  decider: User,
  id: number,
  reason: string,
): Promise<ProposalView> {
  const now = deps.clock.now()
  return deps.db.transaction(async (trx) => {
    const row = await lockDecidable(trx, decider, id, now)
    await recordDecision(trx, row, decider, { approve: false, reason, now })
    return readProposal(trx, id, now)
  })
}

async function recordDecision(
  trx: Knex.Transaction,
  row: StaffProposalRow,
  decider: User,
  decision: { approve: boolean; reason: string; now: Date },
): Promise<void> {
  await StaffProposal.decidePending(trx, row.id, {
    status: decision.approve ? 'approved' : 'declined',
    decided_by: decider.id,
    decided_at: decision.now,
    decision_reason: decision.reason,
  })
  await appendStaffAudit(trx, {
    actor: decider,
    action: decision.approve ? 'proposal_approved' : 'proposal_declined',
    subject: { type: 'proposal', id: row.id },
    data: {
      kind: row.kind,
      proposed_by: row.proposed_by,
      order_id: row.order_id,
      amount_irr: row.amount_irr,
      reason: decision.reason,
    },
    at: decision.now,
  })
}
