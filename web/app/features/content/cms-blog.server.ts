import { createHash } from 'node:crypto'
import { bearerMatches } from '@arzpol/service-edge'
import {
  PHONE_PATTERN,
  formatJalaliDate,
  formatJalaliDateTime,
  maskPhone,
  normalizePhone,
  toLatinDigits,
} from '@arzpol/contracts'
import { isAccessTokenFresh, refreshOnce } from '~/features/auth/auth.server.ts'
import { CmsCache, CmsUnavailableError } from './cms-cache.server.ts'
import { forwardCmsChange, listenToChanges } from '~/features/changes/change-feed.server.ts'
import { COMMENTS_PREFIX, dropChangedContent } from './cms-content-changes.server.ts'
import { contentToText, renderPostContent, sanitizeCommentHtml } from './cms-html.server.ts'
import type { CmsComment, CmsPost } from './cms.server.ts'
import { responsiveImage } from './cms-image.ts'
import * as cms from './cms.server.ts'
import { getEnv } from '~/utils/env.server.ts'
import { renumberHeadings } from '~/utils/headings.ts'
import { commitSession, destroySession, getSessionTokens } from '~/features/auth/session.server.ts'
import { getLogger } from '~/utils/logger.server.ts'
import {
  COMMENT_MESSAGES,
  COMMENTER_FALLBACK,
  MAX_COMMENT_LENGTH,
  type BlogComment,
  type CommentOutcome,
} from './comments.ts'
import { AUTHOR_FALLBACK, type BlogCategory, type PostSummary } from './posts.ts'

/**
 * The blog as pages need it: posts and comments read from the cms through the in-memory cache and
 * turned into display-ready values once per fetch, never once per page view (post bodies are
 * sanitised when first shown, once per version), the comment submission and the cms webhook.
 * The rules are in docs/product/blog-and-comments.md.
 */

export interface BlogPost extends PostSummary {
  numericId: number
  slug: string | null
  /** The body as the cms sent it; `postHtml(post)` makes it safe to show. */
  content: unknown
  /** Changes whenever the body does. */
  contentHash: string
  /** Title and body text, normalised for search. */
  searchTitle: string
  searchContent: string
}

export const blogCache = new CmsCache({
  ttlMs: () => getEnv().CMS_CACHE_TTL_SECONDS * 1000,
  maxStaleMs: () => getEnv().CMS_MAX_STALE_SECONDS * 1000,
  onFirstUse: () => followContentChanges(),
})

/**
 * Content changes made through any web instance reach this one's copy within moments (ADR 033),
 * from the first use of the cache on.
 */
function followContentChanges(): void {
  listenToChanges('content', (event) => dropChangedContent(blogCache, event))
}

const POSTS_KEY = 'posts'
const commentsKey = (postId: string) => `${COMMENTS_PREFIX}${postId}`

// ---------------------------------------------------------------------------------------------
// Display values from the spec's loose shapes

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null

/** A phone number is never shown in full: 0912***4567. */
function displayName(value: string): string {
  return PHONE_PATTERN.test(normalizePhone(value)) ? maskPhone(value) : value
}

/**
 * A string, or an object with name, username or phone, or a nested user with username,
 * phone or email. Emails are not shown to the public; phones are masked.
 */
export function authorDisplayName(author: unknown, fallback: string): string {
  const direct = text(author)
  if (direct) return displayName(direct)
  const object = record(author)
  if (!object) return fallback
  const user = record(object.user)
  const candidate =
    text(object.name) ??
    text(object.username) ??
    text(object.phone) ??
    text(user?.username) ??
    text(user?.phone)
  return candidate ? displayName(candidate) : fallback
}

/** A string, or an object with name, title or slug. */
export function toCategory(category: unknown): BlogCategory | null {
  const direct = text(category)
  if (direct) return { key: direct, name: direct }
  const object = record(category)
  if (!object) return null
  const name = text(object.name) ?? text(object.title) ?? text(object.slug)
  if (!name) return null
  return { key: text(object.slug) ?? name, name }
}

function safeDate(value: string | null | undefined): { date: string | null; label: string | null } {
  if (!value || Number.isNaN(Date.parse(value))) return { date: null, label: null }
  return { date: new Date(value).toISOString(), label: formatJalaliDate(value) }
}

/**
 * Folds the ways one Persian word can be typed into one: Arabic ي/ك, Persian/Arabic digits,
 * diacritics and tatweel, zero-width non-joiners (ثبت‌نام = ثبت نام), case.
 */
export function normalizeForSearch(value: string): string {
  return toLatinDigits(value.normalize('NFKC'))
    .replace(/[\u064a\u0649]/g, '\u06cc')
    .replace(/\u0643/g, '\u06a9')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u200b-\u200f\u2066-\u2069\u00ad]/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

function toBlogPost(post: CmsPost): BlogPost {
  const { date, label } = safeDate(post.date ?? post.publishedAt ?? post.createdAt)
  const title = post.title.trim()
  const slug = text(post.slug)
  return {
    id: post.documentId,
    numericId: post.id,
    slug,
    path: `/blog/${encodeURIComponent(slug ?? post.documentId)}`,
    cover: responsiveImage(post.cover, getEnv().CMS_URL),
    title,
    excerpt: text(post.excerpt) ?? '',
    date,
    dateLabel: label,
    category: toCategory(post.category),
    authorName: authorDisplayName(post.author, AUTHOR_FALLBACK),
    content: post.content,
    contentHash: createHash('sha256')
      .update(JSON.stringify(post.content ?? null))
      .digest('base64url'),
    searchTitle: normalizeForSearch(title),
    searchContent: normalizeForSearch(contentToText(post.content)),
  }
}

/** What a page sends to the browser of a post: the summary, without the body and search text. */
export function postSummary(post: BlogPost): PostSummary {
  const { id, path, cover, title, excerpt, date, dateLabel, category, authorName } = post
  return { id, path, cover, title, excerpt, date, dateLabel, category, authorName }
}

/** A post as the cms answers it (a draft to preview, here), or null when it is not one. */
export function postFromCms(raw: unknown): BlogPost | null {
  const parsed = cms.cmsPostSchema.safeParse(raw)
  return parsed.success ? toBlogPost(parsed.data) : null
}

function toBlogComment(comment: CmsComment): BlogComment {
  const date =
    comment.createdAt && !Number.isNaN(Date.parse(comment.createdAt)) ? comment.createdAt : null
  return {
    id: comment.documentId ?? String(comment.id),
    authorName: authorDisplayName(comment.authorUsername ?? comment.author, COMMENTER_FALLBACK),
    date: date ? new Date(date).toISOString() : null,
    dateLabel: date ? formatJalaliDateTime(date) : null,
    html: sanitizeCommentHtml(comment.content),
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * Every published post, newest first, from the cache. `null` when the cms cannot be reached and
 * web has no earlier copy (the list page then shows its empty state).
 */
export async function getBlogPosts(): Promise<BlogPost[] | null> {
  try {
    return await blogCache.get(POSTS_KEY, async (context) =>
      (await cms.fetchPosts(context)).map(toBlogPost),
    )
  } catch (error) {
    if (!(error instanceof CmsUnavailableError)) throw error
    if (!error.repeated) getLogger().error(error.message)
    return null
  }
}

export interface BlogQuery {
  q?: string | null
  category?: string | null
}

/** The posts matching a search (every word in the title or the body) and a category. */
export function filterPosts(posts: BlogPost[], { q, category }: BlogQuery): BlogPost[] {
  const words = normalizeForSearch(q ?? '')
    .split(' ')
    .filter(Boolean)
  return posts.filter(
    (post) =>
      (!category || post.category?.key === category) &&
      words.every((word) => post.searchTitle.includes(word) || post.searchContent.includes(word)),
  )
}

/** Categories in the order of their newest post, with how many posts each has. */
export function categoriesOf(posts: BlogPost[]): (BlogCategory & { count: number })[] {
  const counts = new Map<string, BlogCategory & { count: number }>()
  for (const post of posts) {
    if (!post.category) continue
    const existing = counts.get(post.category.key)
    if (existing) existing.count += 1
    else counts.set(post.category.key, { ...post.category, count: 1 })
  }
  return [...counts.values()]
}

const renderedBodies = new Map<string, string>()
const MAX_RENDERED_BODIES = 200

/**
 * A post's sanitised body. Sanitising runs DOMPurify on jsdom (a few ms for a normal post, far
 * more for a huge one), so it happens when a post is first shown, and once per version of the
 * body: a list refetched after an unrelated change does not sanitise every post again.
 */
export function postHtml(post: BlogPost): string {
  const key = `${post.id}:${post.contentHash}`
  let html = renderedBodies.get(key)
  if (html === undefined) {
    // Under the post's h1 title, whatever levels the editor picked (no skipped heading level).
    html = renumberHeadings(renderPostContent(post.content, { mediaBaseUrl: getEnv().CMS_URL }), 2)
    renderedBodies.set(key, html)
    while (renderedBodies.size > MAX_RENDERED_BODIES) {
      const oldest = renderedBodies.keys().next()
      if (oldest.done) break
      renderedBodies.delete(oldest.value)
    }
  } else {
    // Least recently used goes first.
    renderedBodies.delete(key)
    renderedBodies.set(key, html)
  }
  return html
}

export type PostLookup =
  | { kind: 'found'; post: BlogPost }
  /** Found by its numeric id: the page lives at its `path`. */
  | { kind: 'moved'; post: BlogPost }
  | { kind: 'missing' }

/**
 * A post by its slug (its readable address) or its documentId (the specification's `/blog/{id}`,
 * which keeps working), or by numeric id (moved to its address); unknown ids never reach the cms.
 */
export async function findPost(id: string): Promise<PostLookup> {
  const posts = await getBlogPosts()
  if (!posts) return { kind: 'missing' }
  const exact = posts.find((post) => post.slug === id || post.id === id)
  if (exact) return { kind: 'found', post: exact }
  const other = posts.find((post) => /^\d+$/.test(id) && post.numericId === Number(id))
  return other ? { kind: 'moved', post: other } : { kind: 'missing' }
}

/** The approved comments of a post, newest first; empty when the cms cannot say. */
export async function getComments(postId: string): Promise<BlogComment[]> {
  try {
    return await blogCache.get(commentsKey(postId), async (context) =>
      (await cms.fetchComments(postId, context))
        .filter((c) => !c.moderationStatus || c.moderationStatus === 'approved')
        .map(toBlogComment),
    )
  } catch (error) {
    if (!(error instanceof CmsUnavailableError)) throw error
    if (!error.repeated) getLogger().error(error.message)
    return []
  }
}

// ---------------------------------------------------------------------------------------------
// Writing a comment

type TokenResult =
  { kind: 'token'; token: string } | { kind: 'signed-out' } | { kind: 'unavailable' }

/**
 * The customer's access token for a call made on their behalf, refreshed when it is about to
 * expire (or `force`). `headers` receives the re-sealed (or cleared) session cookie.
 */
async function accessToken(
  request: Request,
  headers: Headers,
  force = false,
): Promise<TokenResult> {
  const tokens = getSessionTokens(request)
  if (!tokens) return { kind: 'signed-out' }
  if (!force && isAccessTokenFresh(tokens.access)) return { kind: 'token', token: tokens.access }
  const refreshed = await refreshOnce(request, tokens.refresh)
  if (refreshed.ok) {
    headers.set('Set-Cookie', commitSession(refreshed.data))
    return { kind: 'token', token: refreshed.data.access }
  }
  // A refused refresh token is dead for good; an unreachable payments-service is not.
  if (refreshed.status === 401 || refreshed.status === 400) {
    headers.set('Set-Cookie', destroySession())
    return { kind: 'signed-out' }
  }
  return { kind: 'unavailable' }
}

/** Posts a comment for the signed-in customer (blank text is ignored). */
export async function submitComment(
  request: Request,
  postId: string,
  rawContent: string,
): Promise<{ outcome: CommentOutcome; headers: Headers }> {
  const headers = new Headers()
  const reply = (outcome: CommentOutcome) => ({ outcome, headers })
  const signedOut = () => reply({ status: 'signed-out', message: COMMENT_MESSAGES.signIn })
  const failed = () => reply({ status: 'failed', message: COMMENT_MESSAGES.failed })
  // The product has one message for every failure but sign-in; the status tells whose it is.
  const refused = () => reply({ status: 'refused', message: COMMENT_MESSAGES.failed })

  const content = rawContent.replace(/\r\n?/g, '\n').trim()
  if (!content) return reply({ status: 'blank' })
  if (content.length > MAX_COMMENT_LENGTH) return refused()

  let token = await accessToken(request, headers)
  if (token.kind === 'signed-out') return signedOut()
  if (token.kind === 'unavailable') return failed()
  let result = await cms.createComment(request, { post: postId, content, accessToken: token.token })
  if (!result.ok && result.status === 401) {
    // The token looked fresh but the cms refused it (revoked key, clock skew): refresh once.
    token = await accessToken(request, headers, true)
    if (token.kind === 'signed-out') return signedOut()
    if (token.kind === 'unavailable') return failed()
    result = await cms.createComment(request, {
      post: postId,
      content,
      accessToken: token.token,
    })
  }
  if (!result.ok) {
    if (result.status === 401) return signedOut()
    if (result.status === 400) return refused()
    if (result.status !== null)
      getLogger().error({ status: result.status }, 'the cms refused a comment')
    return failed()
  }
  // The new comment (or its absence, while it waits for a moderator) shows on the next render.
  blogCache.invalidate(commentsKey(postId))
  const moderation = result.comment.moderationStatus === 'approved' ? 'approved' : 'pending'
  const message = COMMENT_MESSAGES[moderation]
  if (moderation === 'approved') {
    return reply({ status: 'created', moderation, message, comment: toBlogComment(result.comment) })
  }
  // Held for a moderator: the author sees it marked as waiting instead of a comment that vanished.
  return reply({ status: 'created', moderation, message, held: result.comment.content })
}

// ---------------------------------------------------------------------------------------------
// The cms's content-changed webhook

/**
 * `POST /resources/cms-webhook` with `Authorization: Bearer <CMS_WEBHOOK_SECRET>` and Strapi's
 * body `{ event, model, uid, entry }`. A comment event marks every post's comments out of date;
 * any other event (or a body that cannot be read) marks everything out of date. The webhook
 * reaches one web instance: this one drops its copy at once and passes the change on to
 * payments-service, whose change bus tells every instance (ADR 033).
 */
export async function handleCmsWebhook(request: Request): Promise<Response> {
  const secret = getEnv().CMS_WEBHOOK_SECRET
  if (!secret) {
    getLogger().warn('cms webhook refused: CMS_WEBHOOK_SECRET is not set')
  }
  if (!secret || !bearerMatches(request.headers.get('Authorization') ?? '', secret)) {
    return Response.json(
      { error: 'unauthorized' },
      { status: 401, headers: { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' } },
    )
  }
  const body: unknown = await request.json().catch(() => null)
  const { model, uid } = record(body) ?? {}
  const changed =
    model === 'comment' || uid === 'api::comment.comment'
      ? 'comment'
      : typeof model === 'string'
        ? model.slice(0, 100)
        : null
  dropChangedContent(blogCache, { type: 'cms', model: changed })
  // Other instances catch up by the cache's age when payments-service cannot be reached.
  await forwardCmsChange({ url: getEnv().PAYMENTS_URL, secret, model: changed })
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
