import type { Core } from '@strapi/strapi'
import { z } from 'zod'

import { maskPhone, publicUsername } from './author'
import type { Customer } from './customer-token'
import { MAX_COMMENT_LENGTH, sanitizeCommentContent } from './sanitize'
import { DEFAULT_SPAM_RULES, detectSpam, type SpamRules } from './spam'

const COMMENT = 'api::comment.comment'
const POST = 'api::post.post'
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000

/** The spec's payload `{ post, content }`; Strapi's `{ data: { … } }` envelope is accepted too. */
const bodySchema = z.object({
  post: z.union([z.string().trim().min(1).max(200), z.number().int().positive()], {
    error: 'post is required: the id, documentId or slug of a published post',
  }),
  content: z.string({ error: 'content is required' }).max(20_000, { error: 'content is too long' }),
})

export interface SubmitOptions {
  /** When true every comment waits for a moderator; otherwise clean comments appear at once. */
  requireApproval: boolean
  rules?: SpamRules
  now?: Date
}

export type SubmitResult =
  | { ok: true; comment: Record<string, unknown> }
  | { ok: false; status: 400 | 404; message: string; path?: string }

/** Creates a comment for a verified customer: validation, sanitising, spam checks, snapshot. */
export async function submitComment(
  strapi: Core.Strapi,
  customer: Customer,
  rawBody: unknown,
  options: SubmitOptions,
): Promise<SubmitResult> {
  const envelope = rawBody as { data?: unknown } | null
  const parsed = bodySchema.safeParse(envelope?.data ?? rawBody)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      ok: false,
      status: 400,
      message: issue?.message ?? 'invalid comment',
      path: issue?.path.join('.'),
    }
  }
  const content = sanitizeCommentContent(parsed.data.content)
  if (content === '') {
    return { ok: false, status: 400, message: 'comment is empty', path: 'content' }
  }
  if (content.length > MAX_COMMENT_LENGTH) {
    return {
      ok: false,
      status: 400,
      message: `comment is longer than ${MAX_COMMENT_LENGTH} characters`,
      path: 'content',
    }
  }

  const post = await findPublishedPost(strapi, parsed.data.post)
  if (!post) return { ok: false, status: 404, message: 'post not found', path: 'post' }

  const rules = options.rules ?? DEFAULT_SPAM_RULES
  const now = options.now ?? new Date()
  const recent = (await strapi.db.query(COMMENT).findMany({
    where: {
      authorId: customer.id,
      createdAt: { $gt: new Date(now.getTime() - DUPLICATE_WINDOW_MS) },
    },
    select: ['content', 'createdAt'],
  })) as { content: string; createdAt: string | Date }[]
  const windowStart = now.getTime() - rules.rateWindowMs
  const spamReason = detectSpam(
    content,
    {
      recentCount: recent.filter((c) => new Date(c.createdAt).getTime() > windowStart).length,
      recentContents: recent.map((c) => c.content),
    },
    rules,
  )
  const moderationStatus = spamReason ? 'spam' : options.requireApproval ? 'pending' : 'approved'

  const comment = await strapi.documents(COMMENT).create({
    data: {
      post: post.documentId,
      content,
      authorId: customer.id,
      authorUsername: publicUsername(customer.username),
      authorPhone: customer.phone ? maskPhone(customer.phone) : undefined,
      moderationStatus,
      spamReason: spamReason ?? undefined,
    },
    populate: { post: { fields: ['title', 'slug'] } },
  })
  if (spamReason) {
    strapi.log.info(
      `comment ${comment.documentId} by user ${customer.id} marked spam: ${spamReason}`,
    )
  }
  return { ok: true, comment: comment as unknown as Record<string, unknown> }
}

/** A published post by numeric id (as the public API shows it), documentId or slug. */
async function findPublishedPost(strapi: Core.Strapi, ref: string | number) {
  const filters =
    typeof ref === 'number' || /^\d+$/.test(ref)
      ? { id: Number(ref) }
      : { $or: [{ documentId: ref }, { slug: ref }] }
  return strapi.documents(POST).findFirst({ filters, status: 'published', fields: ['title'] })
}
