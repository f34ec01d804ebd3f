import { z } from 'zod'

/**
 * A moderator's decision on a blog comment, taken in the cms's admin, as the cms reports it to
 * payments-service for the staff audit chain (the cms has no chain of its own, and one log of
 * who did what is what an auditor reads). Internal: never behind the public edge.
 */

export const MODERATION_AUDIT_PATH = '/internal/moderation'

export const COMMENT_STATUSES = ['pending', 'approved', 'spam'] as const

/** A new moderation status, an edit of the text, or the comment deleted. */
export const MODERATION_DECISIONS = [...COMMENT_STATUSES, 'edited', 'deleted'] as const

export const MODERATION_DECISION_LABELS: Record<(typeof MODERATION_DECISIONS)[number], string> = {
  pending: 'بازگرداندن به صف بررسی',
  approved: 'تأیید و انتشار',
  spam: 'پنهان کردن به عنوان هرزنامه',
  edited: 'ویرایش متن',
  deleted: 'حذف',
}

const documentId = z.string().trim().min(1).max(64)

export const ModerationNotice = z.strictObject({
  comment: documentId,
  post: documentId.nullable(),
  decision: z.enum(MODERATION_DECISIONS),
  previous: z.enum(COMMENT_STATUSES),
  reason: z.string().max(2000).nullable(),
  moderator: z.strictObject({
    id: z.number().int().positive(),
    email: z.string().trim().min(1).max(254),
  }),
})
export type ModerationNoticeInput = z.infer<typeof ModerationNotice>

/**
 * The cms asks which of its waiting comments' authors are blocked (or closed) in
 * payments-service, to take their comments out of the moderators' queue.
 */
export const BLOCKED_AUTHORS_PATH = '/internal/blocked-authors'

/** Authors as the cms records them: payments-service's user ids, as strings. Answered as
 * `{ blocked: string[] }`, the blocked ones among them. */
export const BlockedAuthorsQuery = z.strictObject({
  authors: z
    .array(z.string().regex(/^[1-9]\d{0,17}$/))
    .min(1)
    .max(500),
})
