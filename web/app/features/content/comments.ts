/** A blog comment as the customer writes it, shared by the form and the server. */

export const MAX_COMMENT_LENGTH = 2000

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
      /**
       * A comment held for a moderator, as stored: shown to its author, marked «در انتظار
       * بررسی», where it would otherwise seem to have vanished from the list.
       */
      held?: string
    }

/** The post page's action answer: the outcome, and the text given back after a failure. */
export type CommentActionData = CommentOutcome & { content: string }
