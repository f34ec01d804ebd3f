import type { ProposalKind, ProposalQueryInput } from '@arzpol/contracts/proposals'
import type { Knex } from 'knex'
import { StaffProposal } from '../../models/staff-proposal.model.ts'
import type { User } from '../../models/user.model.ts'
import type { ApprovalDeps, MoneyKind, ProposalExecutor } from './approval-deps.ts'
import { approveProposal, declineProposal } from './decide.ts'
import { needsSecondStaff, propose, type ProposalInput } from './propose.ts'
import { proposalView } from './proposal-view.ts'

const LIST_LIMIT = 200

/**
 * Four eyes (ADR 039). The actions that may need a second staff member ask `needed` and, when
 * so, `propose` instead of acting; each kind registers how it is performed once approved (the
 * orders module does, so this module never imports the actions it gates).
 */
export function createApprovals(deps: ApprovalDeps) {
  const executors: Partial<Record<ProposalKind, ProposalExecutor>> = {}
  const executorOf = (kind: ProposalKind): ProposalExecutor => {
    const executor = executors[kind]
    if (!executor) throw new Error(`no executor registered for ${kind} proposals`)
    return executor
  }
  return {
    needed: (kind: MoneyKind, amountIrr: number) => needsSecondStaff(deps, kind, amountIrr),
    propose: (trx: Knex.Transaction, proposer: User, input: ProposalInput) =>
      propose(trx, deps, proposer, input),
    /** How the kinds a module gates are carried out once approved. */
    register(more: Partial<Record<ProposalKind, ProposalExecutor>>) {
      Object.assign(executors, more)
    },
    async list(staff: User, query: ProposalQueryInput) {
      const now = deps.clock.now()
      const rows = await StaffProposal.listWithNames(deps.db, {
        status: query.status,
        now,
        limit: LIST_LIMIT,
      })
      return {
        items: rows.map((row) => proposalView(row, now)),
        waiting_for_you: await StaffProposal.countWaitingFor(deps.db, staff.id, now),
      }
    },
    approve: (approver: User, id: number, reason: string) =>
      approveProposal({ ...deps, executorOf }, approver, id, reason),
    decline: (decider: User, id: number, reason: string) =>
      declineProposal(deps, decider, id, reason),
  }
}

export type Approvals = ReturnType<typeof createApprovals>
/** What a gated action needs of four eyes. */
export type ProposalGate = Pick<Approvals, 'needed' | 'propose'>
