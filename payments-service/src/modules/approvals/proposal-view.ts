import type { ProposalView } from '@arzpol/contracts/proposals'
import { ApiError } from '../../http/errors.ts'
import type { Knex } from 'knex'
import { StaffProposal, type ProposalWithNames } from '../../models/staff-proposal.model.ts'
import { STAFF_MESSAGES } from '@arzpol/contracts/staff'
import { userRefOf } from '../users/user-ref.ts'

/** A proposal as the back office reads it: a pending one past its time reads as expired. */
export function proposalView(row: ProposalWithNames, now: Date): ProposalView {
  const lapsed = row.status === 'pending' && row.expires_at.getTime() <= now.getTime()
  const reference = referenceOf(row.payload)
  return {
    id: row.id,
    kind: row.kind,
    status: lapsed ? 'expired' : row.status,
    subject: { type: row.subject_type, id: row.subject_id },
    order_id: row.order_id,
    customer_id: row.customer_id,
    amount_irr: row.amount_irr,
    reference: typeof reference === 'string' ? reference : null,
    proposed_by: { id: row.proposed_by, username: row.proposed_by_username },
    proposed_at: row.proposed_at,
    note: row.note,
    expires_at: row.expires_at,
    decided_by: userRefOf(row.decided_by, row.decided_by_username),
    decided_at: row.decided_at,
    decision_reason: row.decision_reason,
  }
}

/** The transfer reference a proposal records: in the action's input, or beside it. */
function referenceOf(payload: Record<string, unknown>): string | null {
  const input = payload.input
  const nested =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
  const reference = payload.reference ?? nested.reference
  return typeof reference === 'string' ? reference : null
}

export const proposalNotFound = () => new ApiError(404, STAFF_MESSAGES.notFound, 'not_found')

export async function readProposal(db: Knex, id: number, now: Date): Promise<ProposalView> {
  const [row] = await StaffProposal.listWithNames(db, { ids: [id], now, limit: 1 })
  if (!row) throw proposalNotFound()
  return proposalView(row, now)
}
