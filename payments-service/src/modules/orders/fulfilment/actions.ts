import { STAFF_TARGETS, type StaffTarget } from '@arzpol/contracts/orders/staff'
import type { Flow, Stage } from '../state-machine.ts'

/**
 * What staff can do to an order, on top of the state machine (which stays the one authority on
 * which stage may follow which: every action's edge is in its table, checked by a test). An
 * action adds what the table does not know: the button, which fields are required, and whether
 * money has to go back (a rejected order that was paid through the bank becomes `refunded`).
 */

export { STAFF_TARGETS, type StaffTarget }

export interface StaffAction {
  /** What the client sends as `to`. */
  to: StaffTarget
  from: readonly Stage[]
  flows: readonly Flow[]
  /** The stage the order gets. */
  result: Stage
  label: string
  /** The audit row's reason unless the client names one. */
  reason: string
  /**
   * Every reason a client may name for this action, the default first. A fixed list: a reason
   * staff could type freely could also be one of the audit-only ones the customer never sees.
   */
  reasons: readonly string[]
  note_required: boolean
  reference_required: boolean
  /** Give the customer's money back (bank reversal, or a manual refund record). */
  refund: boolean
  /** Offered as a button (an alias such as `refunded` for reject is accepted but not listed). */
  listed: boolean
}

const BOTH: readonly Flow[] = ['gateway', 'payout']

const action = (
  fields: Pick<StaffAction, 'to' | 'from' | 'flows' | 'result' | 'label' | 'reason'> &
    Partial<StaffAction>,
): StaffAction => ({
  note_required: false,
  reference_required: false,
  refund: false,
  listed: true,
  reasons: [fields.reason],
  ...fields,
})

/** Why an order was turned down, beside staff's own judgement (the note says the rest). */
const DECLINE_REASONS = ['customer_request', 'service_unavailable'] as const

// The same button on every stage and flow it is offered in (money, if any, stays untouched).
const REJECT = {
  to: 'rejected',
  result: 'rejected',
  label: 'رد سفارش',
  reason: 'staff_reject',
  reasons: ['staff_reject', ...DECLINE_REASONS],
  note_required: true,
} as const
const CANCEL = {
  to: 'cancelled',
  result: 'cancelled',
  label: 'لغو سفارش',
  reason: 'staff_cancel',
  reasons: ['staff_cancel', ...DECLINE_REASONS],
  note_required: true,
} as const

export const STAFF_ACTIONS: readonly StaffAction[] = [
  action({
    to: 'in_progress',
    from: ['paid'],
    flows: ['gateway'],
    result: 'in_progress',
    label: 'شروع انجام',
    reason: 'staff_start',
  }),
  action({
    to: 'done',
    from: ['in_progress'],
    flows: ['gateway'],
    result: 'done',
    label: 'تکمیل سفارش',
    reason: 'staff_complete',
  }),
  action({
    to: 'done',
    from: ['in_progress'],
    flows: ['payout'],
    result: 'done',
    label: 'تسویه با مشتری',
    reason: 'staff_settle',
    reference_required: true,
  }),
  action({ ...REJECT, from: ['awaiting_payment'], flows: BOTH }),
  action({ ...REJECT, from: ['awaiting_payout_details', 'in_progress'], flows: ['payout'] }),
  action({
    to: 'rejected',
    from: ['paid', 'in_progress'],
    flows: ['gateway'],
    result: 'refunded',
    label: 'رد سفارش و بازگرداندن وجه',
    reason: 'staff_reject',
    reasons: REJECT.reasons,
    note_required: true,
    refund: true,
  }),
  action({
    to: 'refunded',
    from: ['paid', 'in_progress'],
    flows: ['gateway'],
    result: 'refunded',
    label: 'بازگرداندن وجه',
    reason: 'staff_refund',
    note_required: true,
    refund: true,
    listed: false,
  }),
  action({ ...CANCEL, from: ['awaiting_payment'], flows: BOTH }),
  action({ ...CANCEL, from: ['awaiting_payout_details'], flows: ['payout'] }),
]

export function findStaffAction(
  to: StaffTarget,
  stage: Stage,
  flow: Flow,
): StaffAction | undefined {
  return STAFF_ACTIONS.find(
    (candidate) =>
      candidate.to === to && candidate.from.includes(stage) && candidate.flows.includes(flow),
  )
}

/** The buttons for an order in this stage. */
export function staffActionsFor(stage: Stage, flow: Flow): StaffAction[] {
  return STAFF_ACTIONS.filter(
    (candidate) =>
      candidate.listed && candidate.from.includes(stage) && candidate.flows.includes(flow),
  )
}

/**
 * Event reasons that record something done or seen without moving the order (from = to):
 * staff's reveals, wipes and refund settlements, a cash-out's Sheba given or corrected
 * (ADR 017), and the account given for a transfer of money going back (ADR 038). The customer's timeline leaves them out (only when the event moved nothing:
 * `isCustomerEvent`); the staff view shows them.
 */
export const AUDIT_ONLY_REASONS: ReadonlySet<string> = new Set([
  'sheba_recorded',
  'refund_account_given',
  'credentials_revealed',
  'credentials_wiped',
  'refund_settled',
  'refund_by_hand',
])

/** Whether the customer's timeline shows an event: a move of their order always shows. */
export const isCustomerEvent = (event: {
  from_stage: string | null
  to_stage: string
  reason: string
}) => event.from_stage !== event.to_stage || !AUDIT_ONLY_REASONS.has(event.reason)
