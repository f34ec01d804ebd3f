import type { ProposalKind, ProposalView } from '@arzpol/contracts/proposals'
import type { Knex } from 'knex'
import type { Clock } from '../../lib/clock.ts'
import type { User } from '../../models/user.model.ts'
import type { SmsOutbox } from '../auth/sms/outbox.ts'

/** The kinds that move money, each with an amount above which it needs a second person. */
export type MoneyKind = Extract<ProposalKind, 'payout_settlement' | 'refund_settlement'>

/** Above how many rials each kind of money action needs a second staff member (settings). */
export type FourEyesThresholds = Record<MoneyKind, number>

/**
 * What a four-eyes action comes to: `done` with its result at once, or `proposed` when it waits
 * for a second staff member's approval (nothing happened yet).
 */
export type DoneOrProposed<T> = { done: T } | { proposed: ProposalView }

/** A colleague's approval, handed to the action it lets happen (recorded on the action). */
export interface Approval {
  proposalId: number
  approver: User
  reason: string
}

/** What an approved action records of its approval beside the proposer (event or audit data). */
export const approvedBy = (approval: Approval | undefined) =>
  approval && {
    proposal_id: approval.proposalId,
    approved_by_user_id: approval.approver.id,
    approval_reason: approval.reason,
  }

/**
 * Performs an approved proposal as its proposer would have, with the approval attached, inside
 * the approval's transaction: if the action fails (the order moved on, the Sheba is no longer
 * the customer's), the proposal stays pending and nothing is recorded.
 */
export type ProposalExecutor = (
  trx: Knex.Transaction,
  proposer: User,
  payload: Record<string, unknown>,
  approval: Approval,
) => Promise<void>

export interface ApprovalDeps {
  db: Knex
  clock: Clock
  sms: SmsOutbox
  thresholds: FourEyesThresholds
  /** PROPOSAL_HOURS */
  lifetimeHours: number
}
