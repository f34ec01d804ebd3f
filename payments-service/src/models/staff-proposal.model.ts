import type { ProposalKind, ProposalStatus } from '@arzpol/contracts/proposals'
import type { Knex } from 'knex'
import { BaseModel, type RowOf } from './base.model.ts'

/**
 * An action a staff member proposed and a second one decides (modules/approvals). A row stays
 * `pending` until decided; one past its `expires_at` reads as expired and is marked so when the
 * same subject is proposed again, which the one-pending-per-subject index needs.
 */
export class StaffProposal extends BaseModel {
  static override tableName = 'staff_proposals'

  declare id: number
  declare kind: ProposalKind
  declare subject_type: string
  declare subject_id: string
  declare order_id: number | null
  declare customer_id: number | null
  declare amount_irr: number | null
  /** The action's own input, replayed when the proposal is approved. */
  declare payload: Record<string, unknown>
  declare proposed_by: number
  declare proposed_at: Date
  declare note: string | null
  declare expires_at: Date
  declare status: ProposalStatus
  declare decided_by: number | null
  declare decided_at: Date | null
  declare decision_reason: string | null

  /** Pending proposals of the subject past their time become `expired`. */
  static async expireLapsed(
    trx: Knex.Transaction,
    subject: Pick<StaffProposalRow, 'subject_type' | 'subject_id'>,
    now: Date,
  ): Promise<void> {
    await trx('staff_proposals')
      .where({ ...subject, status: 'pending' })
      .where('expires_at', '<=', now)
      .update({ status: 'expired' })
  }

  /** Inserts a proposal; a second pending one of the same subject violates the unique index. */
  static async propose(
    trx: Knex.Transaction,
    row: Omit<StaffProposalRow, 'id' | 'status' | 'decided_by' | 'decided_at' | 'decision_reason'>,
  ): Promise<number> {
    const [inserted] = (await trx('staff_proposals')
      .insert({ ...row, payload: JSON.stringify(row.payload) })
      .returning('id')) as Array<{ id: number }>
    if (!inserted) throw new Error('staff_proposals: insert returned no id')
    return inserted.id
  }

  /** Proposals with their proposer's and decider's usernames, newest first. */
  static async listWithNames(
    db: Knex,
    filter: { ids?: number[]; status?: ProposalStatus; now: Date; limit: number },
  ): Promise<ProposalWithNames[]> {
    const query = db('staff_proposals as s')
      .join('users as p', 'p.id', 's.proposed_by')
      .leftJoin('users as d', 'd.id', 's.decided_by')
      .select('s.*', 'p.username as proposed_by_username', 'd.username as decided_by_username')
      .orderBy('s.id', 'desc')
      .limit(filter.limit)
    if (filter.ids) query.whereIn('s.id', filter.ids)
    if (filter.status === 'pending') {
      query.where('s.status', 'pending').where('s.expires_at', '>', filter.now)
    } else if (filter.status === 'expired') {
      query.where((q) =>
        q
          .where('s.status', 'expired')
          .orWhere((p) => p.where('s.status', 'pending').where('s.expires_at', '<=', filter.now)),
      )
    } else if (filter.status) {
      query.where('s.status', filter.status)
    }
    return (await query) as ProposalWithNames[]
  }

  /** Pending proposals that someone other than `staffId` proposed. */
  static async countWaitingFor(db: Knex, staffId: number, now: Date): Promise<number> {
    const row = (await db('staff_proposals')
      .where('status', 'pending')
      .where('expires_at', '>', now)
      .whereNot('proposed_by', staffId)
      .count<{ count: string }>('id as count')
      .first()) as { count: string } | undefined
    return Number(row?.count ?? 0)
  }
}

export type StaffProposalRow = RowOf<typeof StaffProposal>
export type ProposalWithNames = StaffProposalRow & {
  proposed_by_username: string
  decided_by_username: string | null
}
