import type { Core, Modules } from '@strapi/strapi'
import { errors } from '@strapi/utils'

import type { CmsEnv } from '../env'
import { paymentsInternalUrl, postInternal } from './payments-internal'

/**
 * A moderator's decisions on comments reach the staff audit chain of payments-service (ADR 040):
 * a status set (approved, hidden as spam, back to pending), the text edited, the comment deleted,
 * each with the moderator's cms account. The record is written first and the change only then
 * happens: if payments-service cannot take it, the moderator gets a Persian error and nothing
 * changes, so no decision ever goes unrecorded (one recorded whose save then failed is possible,
 * and reads as an attempt next to the comment as it is).
 *
 * payments-service validates the notice with the contract's schema (`ModerationNotice`); the
 * cms builds it here, as it runs compiled JavaScript that cannot import the TypeScript contract.
 */

export const COMMENT_UID = 'api::comment.comment'

const STATUSES = ['pending', 'approved', 'spam'] as const
type Status = (typeof STATUSES)[number]
export type Decision = Status | 'edited' | 'deleted'

export const AUDIT_FAILED_MESSAGE =
  'ثبت این تصمیم در گزارش ممیزی ممکن نشد و تغییری انجام نشد؛ چند لحظه بعد دوباره تلاش کنید.'

export interface ModerationNotice {
  comment: string
  post: string | null
  decision: Decision
  previous: Status
  reason: string | null
  moderator: { id: number; email: string }
}

/** The comment as it was before a moderator's change. */
export interface CommentBefore {
  moderationStatus: Status
  content: string
  moderatorNote: string | null
}

const isStatus = (value: unknown): value is Status =>
  (STATUSES as readonly unknown[]).includes(value)

/** What an update or a delete decides, or null when it changes nothing a moderator decides. */
export function decisionOf(
  action: 'update' | 'delete',
  before: CommentBefore,
  data: Record<string, unknown>,
): Decision | null {
  if (action === 'delete') return 'deleted'
  const status = data.moderationStatus
  if (isStatus(status) && status !== before.moderationStatus) return status
  if (typeof data.content === 'string' && data.content !== before.content) return 'edited'
  return null
}

/** Sends one notice; resolves once payments-service has recorded it, rejects otherwise. */
export async function sendModerationNotice(
  url: string,
  secret: string,
  notice: ModerationNotice,
): Promise<void> {
  const response = await postInternal(url, secret, notice)
  await response.body?.cancel()
  if (response.status !== 204) throw new Error(`payments-service answered ${response.status}`)
}

/** The admin panel user behind the current request, or null (the public API, the seed). */
function moderatorOf(strapi: Core.Strapi): ModerationNotice['moderator'] | null {
  const state = strapi.requestContext.get()?.state as
    | { auth?: { strategy?: { name?: string }; credentials?: { id?: unknown; email?: unknown } } }
    | undefined
  const auth = state?.auth
  if (auth?.strategy?.name !== 'admin') return null
  const { id, email } = auth.credentials ?? {}
  if (typeof id !== 'number' || typeof email !== 'string') return null
  return { id, email }
}

async function commentBefore(strapi: Core.Strapi, documentId: string) {
  // The row as stored: the document service would populate the post's draft, not the published
  // post the comment is linked to.
  return (await strapi.db.query(COMMENT_UID).findOne({
    where: { documentId },
    select: ['moderationStatus', 'content', 'moderatorNote'],
    populate: { post: { select: ['documentId'] } },
  })) as (CommentBefore & { post?: { documentId?: string } | null }) | null
}

/**
 * Registers the document middleware (in `register`, before any request). Without the secret or
 * payments-service's address (a cms run alone) decisions are not recorded, and the log says so.
 */
export function auditModeration(strapi: Core.Strapi, env: CmsEnv): void {
  const url = paymentsInternalUrl(env, '/internal/moderation')
  const secret = env.CMS_WEBHOOK_SECRET
  if (!url || !secret) {
    strapi.log.warn(
      'moderation audit off: PAYMENTS_JWKS_URL or CMS_WEBHOOK_SECRET is unset, so moderators’ decisions are not recorded in the staff audit chain',
    )
    return
  }
  const middleware: Modules.Documents.Middleware.Middleware = async (context, next) => {
    if (context.uid !== COMMENT_UID) return next()
    if (context.action !== 'update' && context.action !== 'delete') return next()
    const moderator = moderatorOf(strapi)
    const documentId = (context.params as { documentId?: string }).documentId
    if (!moderator || !documentId) return next()
    const before = await commentBefore(strapi, documentId)
    if (!before) return next()
    const data = (context.params as { data?: Record<string, unknown> }).data ?? {}
    const decision = decisionOf(context.action, before, data)
    if (!decision) return next()
    // The reason is the note written with this decision; one left from an earlier decision is not.
    const note = data.moderatorNote !== before.moderatorNote ? data.moderatorNote : null
    const notice: ModerationNotice = {
      comment: documentId,
      post: before.post?.documentId ?? null,
      decision,
      previous: before.moderationStatus,
      reason: (typeof note === 'string' && note.trim()) || null,
      moderator,
    }
    try {
      await sendModerationNotice(url, secret, notice)
    } catch (error) {
      strapi.log.error(
        `moderation audit: ${decision} of comment ${documentId} not recorded: ${String(error)}`,
      )
      throw new errors.ApplicationError(AUDIT_FAILED_MESSAGE)
    }
    return next()
  }
  strapi.documents.use(middleware)
}
