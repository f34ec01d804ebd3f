import type { Core } from '@strapi/strapi'
import { z } from 'zod'

import { maskPhone, publicUsername } from './author'
import type { Customer } from './customer-token'
import { MAX_COMMENT_LENGTH, sanitizeCommentContent } from './sanitize'
import { describeFindings } from './screening/detect'
import type { PhraseReason, PhraseRule } from './screening/rules'
import { screenComment } from './screening/screen'
import { DEFAULT_SPAM_RULES, detectSpam, type SpamRules } from './spam'

const COMMENT = 'api::comment.comment'
const COMMENT_RULE = 'api::comment-rule.comment-rule'
const POST = 'api::post.post'
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000
/** How many of other people's recent comments a new one is compared with. */
const CAMPAIGN_SAMPLE = 500

const POST_REQUIRED =
  'نوشته‌ای که دیدگاه برای آن است (post) لازم است: شناسه، documentId یا نامک نوشته‌ای منتشرشده.'
const post = { error: POST_REQUIRED }

/** The spec's payload `{ post, content }`; Strapi's `{ data: { … } }` envelope is accepted too. */
const bodySchema = z.object(
  {
    post: z.union(
      [
        z.string(post).trim().min(1, post).max(200, post),
        z.number(post).int(post).positive(post).max(Number.MAX_SAFE_INTEGER, post),
      ],
      post,
    ),
    content: z
      .string({ error: 'متن دیدگاه (content) لازم است.' })
      .max(20_000, { error: 'متن دیدگاه بیش از اندازه بلند است.' }),
  },
  { error: 'بدنهٔ درخواست باید شیئی با post و content باشد.' },
)

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
      message: issue?.message ?? 'دیدگاه نامعتبر است.',
      path: issue?.path.join('.'),
    }
  }
  const content = sanitizeCommentContent(parsed.data.content)
  if (content === '') {
    return { ok: false, status: 400, message: 'متن دیدگاه خالی است.', path: 'content' }
  }
  if (content.length > MAX_COMMENT_LENGTH) {
    return {
      ok: false,
      status: 400,
      message: `متن دیدگاه بیش از ${MAX_COMMENT_LENGTH.toLocaleString('fa-IR')} نویسه است.`,
      path: 'content',
    }
  }

  const post = await findPublishedPost(strapi, parsed.data.post)
  if (!post) return { ok: false, status: 404, message: 'نوشته پیدا نشد.', path: 'post' }

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
  // A comment that is not spam is still held when it points readers somewhere else, asks for a
  // secret, or repeats another account's recent comment (ADR 036).
  const findings = spamReason
    ? []
    : screenComment({
        content,
        extraPhrases: await moderatorPhrases(strapi),
        othersRecent: await othersRecentComments(strapi, customer.id, now),
      })
  const heldReason = findings.length ? describeFindings(findings) : undefined
  const moderationStatus = spamReason
    ? 'spam'
    : heldReason || options.requireApproval
      ? 'pending'
      : 'approved'

  const comment = await strapi.documents(COMMENT).create({
    data: {
      post: post.documentId,
      content,
      authorId: customer.id,
      authorUsername: publicUsername(customer.username),
      authorPhone: customer.phone ? maskPhone(customer.phone) : undefined,
      moderationStatus,
      spamReason: spamReason ?? undefined,
      heldReason,
    },
    populate: { post: { fields: ['title', 'slug'] } },
  })
  if (spamReason) {
    strapi.log.info(
      `comment ${comment.documentId} by user ${customer.id} marked spam: ${spamReason}`,
    )
  } else if (findings.length) {
    // The kinds only: the matched text is the customer's, and stays in the comment.
    const kinds = [...new Set(findings.map((finding) => finding.reason))].join(', ')
    strapi.log.info(`comment ${comment.documentId} by user ${customer.id} held: ${kinds}`)
  }
  return { ok: true, comment: comment as unknown as Record<string, unknown> }
}

/** The enabled phrases moderators added in the admin («Comment rule»). */
async function moderatorPhrases(strapi: Core.Strapi): Promise<PhraseRule[]> {
  const rules = (await strapi.db.query(COMMENT_RULE).findMany({
    where: { enabled: true },
    select: ['phrase', 'reason'],
    limit: 1_000,
  })) as { phrase: string | null; reason: PhraseReason | null }[]
  return rules.flatMap((rule) =>
    rule.phrase ? [{ phrase: rule.phrase, reason: rule.reason ?? 'other' }] : [],
  )
}

/** Other accounts' comments of the last day (any status), newest first. */
async function othersRecentComments(strapi: Core.Strapi, authorId: string, now: Date) {
  return (await strapi.db.query(COMMENT).findMany({
    where: {
      authorId: { $ne: authorId },
      createdAt: { $gt: new Date(now.getTime() - DUPLICATE_WINDOW_MS) },
    },
    select: ['documentId', 'content'],
    orderBy: { createdAt: 'desc' },
    limit: CAMPAIGN_SAMPLE,
  })) as { documentId: string; content: string }[]
}

/** A published post by numeric id (as the public API shows it), documentId or slug. */
async function findPublishedPost(strapi: Core.Strapi, ref: string | number) {
  const filters =
    typeof ref === 'number' || /^\d+$/.test(ref)
      ? { id: Number(ref) }
      : { $or: [{ documentId: ref }, { slug: ref }] }
  return strapi.documents(POST).findFirst({ filters, status: 'published', fields: ['title'] })
}
