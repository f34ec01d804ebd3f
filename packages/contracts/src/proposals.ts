import { z } from 'zod'
import { blankToUndefined, UserRef } from './staff.ts'
import { requiredText } from './text.ts'

/**
 * Four eyes: an action that moves money beyond a set amount, or gives or takes staff powers, is
 * first a proposal of one staff member and happens only when a second one approves it. The
 * kinds, their Persian labels, who may decide them, the messages of the staff API and the
 * shapes the back office reads.
 */

export const PROPOSAL_KINDS = [
  'payout_settlement',
  'refund_settlement',
  'support_grant',
  'support_revoke',
  'identity_level2',
  'rate_change',
] as const
export type ProposalKind = (typeof PROPOSAL_KINDS)[number]

export const PROPOSAL_KIND_LABELS: Record<ProposalKind, string> = {
  payout_settlement: 'تسویه برداشت (واریز به شبای مشتری)',
  refund_settlement: 'ثبت واریز بازپرداخت دستی',
  support_grant: 'دادن نقش پشتیبان',
  support_revoke: 'گرفتن نقش پشتیبان',
  identity_level2: 'تأیید مدارک و ارتقای مشتری به سطح ۲ احراز هویت',
  rate_change: 'تغییر بزرگ نرخ ارز',
}

/** Who may decide a proposal of each kind: the roles that may take the action itself. */
export const PROPOSAL_DECIDERS: Record<ProposalKind, readonly ('support' | 'admin')[]> = {
  payout_settlement: ['support', 'admin'],
  refund_settlement: ['support', 'admin'],
  support_grant: ['admin'],
  support_revoke: ['admin'],
  identity_level2: ['support', 'admin'],
  rate_change: ['admin'],
}

/** `pending` past its `expires_at` reads as `expired`; a new proposal of the subject records it. */
export const PROPOSAL_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  pending: 'در انتظار تأیید',
  approved: 'تأییدشده',
  declined: 'ردشده',
  expired: 'منقضی‌شده',
}

export const PROPOSAL_MESSAGES = {
  proposed: 'ثبت شد و پس از تأیید یک همکار دیگر انجام می‌شود.',
  pendingExists: 'برای این مورد پیشنهادی در انتظار تأیید هست؛ همکار دیگری باید آن را بررسی کند.',
  ownProposal: 'پیشنهاد خودتان را نمی‌توانید تأیید یا رد کنید؛ همکار دیگری باید بررسی کند.',
  decided: 'این پیشنهاد پیش‌تر بررسی شده است.',
  expired: 'مهلت این پیشنهاد گذشته است؛ در صورت نیاز دوباره پیشنهاد دهید.',
  reasonRequired: 'دلیل تصمیم را بنویسید.',
  adminOnly: 'این پیشنهاد را فقط یک مدیر دیگر می‌تواند بررسی کند.',
  proposerGone: 'پیشنهاددهنده دیگر دسترسی کارکنان ندارد؛ این پیشنهاد انجام نمی‌شود و باید رد شود.',
} as const

export const ProposalOut = z.object({
  id: z.number().int(),
  kind: z.enum(PROPOSAL_KINDS),
  status: z.enum(PROPOSAL_STATUSES),
  /** What it acts on: `order`, `refund`, `user`, `identity_review`, and its id. */
  subject: z.object({ type: z.string(), id: z.string() }),
  order_id: z.number().int().nullable(),
  /** The account it touches (the order's customer, the account whose role changes); none for a rate. */
  customer_id: z.number().int().nullable(),
  /** The order's or refund's amount; for a rate change, the new buy rate. */
  amount_irr: z.number().int().nullable(),
  /** The bank transfer reference the proposer recorded. */
  reference: z.string().nullable(),
  proposed_by: UserRef,
  proposed_at: z.date(),
  /** The proposer's note for the approver. */
  note: z.string().nullable(),
  expires_at: z.date(),
  decided_by: UserRef.nullable(),
  decided_at: z.date().nullable(),
  decision_reason: z.string().nullable(),
})
export type ProposalView = z.input<typeof ProposalOut>

/** A staff action answered 202: nothing happened yet, a colleague's approval is awaited. */
export const ProposalAcceptedOut = z.object({
  code: z.literal('proposed'),
  detail: z.string(),
  proposal: ProposalOut,
})

export const ProposalQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PROPOSAL_STATUSES).optional()),
})
export type ProposalQueryInput = z.output<typeof ProposalQuery>

export const ProposalListOut = z.object({
  items: z.array(ProposalOut),
  /** Pending proposals the caller may decide (not their own). */
  waiting_for_you: z.number().int(),
})

export const DecideProposalBody = z.object({
  reason: requiredText(PROPOSAL_MESSAGES.reasonRequired, 1000),
})
