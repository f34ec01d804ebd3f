/** A blog comment as the customer writes it, shared by the form and the server. */

export const MAX_COMMENT_LENGTH = 2000

/** The form's fetcher, which the post page also reads to show the comment it just posted. */
export const COMMENT_FETCHER_KEY = 'blog-comment'

/** An approved comment as the post page lists it. */
export interface BlogComment {
  id: string
  authorName: string
  date: string | null
  dateLabel: string | null
  /** Sanitised content. */
  html: string
}

/** The name shown for a commenter the cms names no one for. */
export const COMMENTER_FALLBACK = 'کاربر'

/**
 * What the customer is told of their comment; the first two are the product's
 * (docs/product/errors.md).
 */
export const COMMENT_MESSAGES = {
  signIn: 'برای ارسال نظر ابتدا وارد حساب کاربری شوید.',
  failed: 'ارسال نظر ناموفق بود. لطفاً دوباره تلاش کنید.',
  approved: 'دیدگاه شما ثبت شد.',
  pending: 'دیدگاه شما ثبت شد و پس از بررسی مدیر سایت نمایش داده می‌شود.',
} as const

export type CommentOutcome =
  | { status: 'blank' }
  | { status: 'signed-out'; message: string }
  | { status: 'failed'; message: string }
  /** The text itself was refused (too long, or the cms's own check): the customer's to change. */
  | { status: 'refused'; message: string }
  | {
      status: 'created'
      moderation: 'approved' | 'pending'
      message: string
      /** The approved comment, as the list shows it. */
      comment?: BlogComment
      /**
       * A comment held for a moderator, as stored: shown to its author, marked «در انتظار
       * بررسی», where it would otherwise seem to have vanished from the list.
       */
      held?: string
    }

/** The post page's action answer: the outcome, and the text given back after a failure. */
export type CommentActionData = CommentOutcome & { content: string }

/**
 * The post's comments with the one its reader just posted, first, when the list does not have it
 * yet. The list after a post is loaded by a second request, which may reach a web instance whose
 * cached copy the change has not reached; the author must still see their comment at once.
 */
export function withOwnComment(
  comments: readonly BlogComment[],
  posted: CommentActionData | undefined,
): readonly BlogComment[] {
  const own = posted?.status === 'created' ? posted.comment : undefined
  if (!own || comments.some((comment) => comment.id === own.id)) return comments
  return [own, ...comments]
}
