import { z } from 'zod'
import { getEnv } from '~/utils/env.server.ts'
import { requestIdHeader } from '~/utils/request-id.server.ts'
import { forwardedHeaders } from '~/utils/request-meta.server.ts'
import { getLogger } from '~/utils/logger.server.ts'

/**
 * The one client web uses to call the cms (Strapi 5 REST, see cms/README.md) server to server.
 * Reads throw on any failure (the cache in cms-blog.server.ts decides what to serve instead);
 * writes come back as values. Every call has a short timeout, so a hung cms costs a page at most
 * CMS_TIMEOUT_MS when web has a copy to show instead, and three times that when it has none.
 */

export interface ReadOptions {
  /** Whether the caller has an earlier copy to show if this read fails (see above). */
  hasFallback?: boolean
}

function readTimeout({ hasFallback = true }: ReadOptions): number {
  const timeout = getEnv().CMS_TIMEOUT_MS
  return hasFallback ? timeout : timeout * 3
}

export class CmsError extends Error {
  override name = 'CmsError'
  constructor(
    message: string,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

function cmsUrl(path: string): string {
  return getEnv().CMS_URL.replace(/\/+$/, '') + path
}

async function getJson(path: string, options: ReadOptions): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(cmsUrl(path), {
      // Cached reads have no Request at hand; the id of the request that triggered the read
      // lets the cms's log line be found from web's.
      headers: { Accept: 'application/json', ...requestIdHeader() },
      redirect: 'error',
      signal: AbortSignal.timeout(readTimeout(options)),
    })
  } catch (error) {
    throw new CmsError(`GET ${path.split('?')[0]} failed`, null, { cause: error })
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new CmsError(`GET ${path.split('?')[0]} answered ${response.status}`, response.status)
  }
  try {
    return await response.json()
  } catch (error) {
    throw new CmsError(`GET ${path.split('?')[0]} answered a body that is not JSON`, 502, {
      cause: error,
    })
  }
}

const paginationSchema = z.object({
  meta: z
    .object({
      pagination: z
        .object({ page: z.number().optional(), pageCount: z.number().optional() })
        .optional(),
    })
    .optional(),
  data: z.array(z.unknown()),
})

/** At most this many pages of 100 (the cms's maxLimit) are read for one list. */
const MAX_PAGES = 20
const PAGE_SIZE = 100

/** Every item of a collection, page by page. Items that do not match `schema` are skipped. */
async function getCollection<S extends z.ZodType>(
  path: string,
  query: Record<string, string>,
  schema: S,
  options: ReadOptions,
): Promise<z.output<S>[]> {
  const items: z.output<S>[] = []
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const params = new URLSearchParams({
      ...query,
      'pagination[page]': String(page),
      'pagination[pageSize]': String(PAGE_SIZE),
    })
    const body = paginationSchema.safeParse(await getJson(`${path}?${params}`, options))
    if (!body.success) throw new CmsError(`GET ${path} answered an unexpected body`, 502)
    for (const raw of body.data.data) {
      const item = schema.safeParse(raw)
      if (item.success) items.push(item.data)
      else getLogger().warn({ path }, 'skipped a malformed item from the cms')
    }
    const pageCount = body.data.meta?.pagination?.pageCount ?? 1
    if (page >= pageCount) break
  }
  return items
}

/**
 * A single type's `data` (landing, about, site settings), or null when the editors have not
 * published one yet (Strapi answers 404).
 */
export async function fetchSingleType(path: string, options: ReadOptions = {}): Promise<unknown> {
  let body: unknown
  try {
    body = await getJson(path, options)
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null
    throw error
  }
  const parsed = z.object({ data: z.unknown() }).safeParse(body)
  if (!parsed.success) throw new CmsError(`GET ${path} answered an unexpected body`, 502)
  return parsed.data.data ?? null
}

export type CmsPreview =
  | {
      status: 'ok'
      kind: 'service-page' | 'tier-page' | 'post'
      state: 'draft' | 'published'
      entry: unknown
    }
  /** The link was good but is too old (the cms answers 410). */
  | { status: 'expired' }
  /** No such link, or its document is gone. */
  | { status: 'missing' }

const previewSchema = z.object({
  data: z.object({
    kind: z.enum(['service-page', 'tier-page', 'post']),
    status: z.enum(['draft', 'published']),
    entry: z.unknown(),
  }),
})

/** The document an admin preview link names (cms/src/preview), never cached. */
export async function fetchPreview(token: string): Promise<CmsPreview> {
  let body: unknown
  try {
    body = await getJson(`/api/previews/${encodeURIComponent(token)}`, { hasFallback: false })
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return { status: 'missing' }
    if (error instanceof CmsError && error.status === 410) return { status: 'expired' }
    throw error
  }
  const parsed = previewSchema.safeParse(body)
  if (!parsed.success) throw new CmsError('GET /api/previews answered an unexpected body', 502)
  const { kind, status: state, entry } = parsed.data.data
  return { status: 'ok', kind, state, entry }
}

/** Every entry of a collection (tier pages, service pages, terms versions), unparsed. */
export function fetchEntries(
  path: string,
  query: Record<string, string>,
  options: ReadOptions = {},
): Promise<unknown[]> {
  return getCollection(path, query, z.unknown(), options)
}

const nullableString = z.string().nullish()

export const cmsPostSchema = z.object({
  id: z.number(),
  documentId: z.string().min(1),
  title: z.string(),
  slug: nullableString,
  excerpt: nullableString,
  /** Strapi blocks JSON (or, in the spec's older shape, an HTML string). */
  content: z.unknown().optional(),
  date: nullableString,
  publishedAt: nullableString,
  createdAt: nullableString,
  /** A string, or an object with name, title or slug. */
  category: z.unknown().optional(),
  /** A string, or an object with name, username, phone, or a nested user. */
  author: z.unknown().optional(),
  /** Strapi's upload (url, sizes, formats, alternativeText); read by cms-image.ts. */
  cover: z.unknown().optional(),
})
export type CmsPost = z.output<typeof cmsPostSchema>

export const cmsCommentSchema = z.object({
  id: z.number(),
  documentId: z.string().optional(),
  content: z.string(),
  authorUsername: nullableString,
  /** Not sent by our cms; the spec's other author shapes. */
  author: z.unknown().optional(),
  moderationStatus: nullableString,
  createdAt: nullableString,
})
export type CmsComment = z.output<typeof cmsCommentSchema>

/** Every published post, newest first. */
export function fetchPosts(options: ReadOptions = {}): Promise<CmsPost[]> {
  return getCollection(
    '/api/posts',
    { 'sort[0]': 'date:desc', 'sort[1]': 'id:desc' },
    cmsPostSchema,
    options,
  )
}

/** The approved comments of one post (by documentId), newest first. */
export function fetchComments(
  postDocumentId: string,
  options: ReadOptions = {},
): Promise<CmsComment[]> {
  return getCollection(
    '/api/comments',
    {
      'filters[post][documentId][$eq]': postDocumentId,
      'sort[0]': 'createdAt:desc',
      'sort[1]': 'id:desc',
    },
    cmsCommentSchema,
    options,
  )
}

export type CreateCommentResult =
  | {
      ok: true
      /** The comment as the cms stored it (markup stripped), with the moderator's queue's verdict. */
      comment: CreatedComment
    }
  | {
      ok: false
      /** The cms's status, or null when it could not be reached. */
      status: number | null
    }

const createdSchema = z.object({
  data: cmsCommentSchema.extend({ moderationStatus: z.enum(['approved', 'pending', 'spam']) }),
})
type CreatedComment = z.output<typeof createdSchema>['data']

/**
 * POST /api/comments as the signed-in customer: the cms verifies the payments-service access
 * token against payments-service's JWKS.
 */
export async function createComment(
  request: Request,
  input: { post: string; content: string; accessToken: string },
): Promise<CreateCommentResult> {
  let response: Response
  try {
    response = await fetch(cmsUrl('/api/comments'), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${input.accessToken}`,
        ...forwardedHeaders(request),
      },
      body: JSON.stringify({ post: input.post, content: input.content }),
      redirect: 'error',
      signal: AbortSignal.timeout(getEnv().CMS_TIMEOUT_MS * 2),
    })
  } catch (error) {
    getLogger().error({ err: error }, 'cms POST /api/comments failed')
    return { ok: false, status: null }
  }
  const json: unknown = await response.json().catch(() => null)
  if (!response.ok) return { ok: false, status: response.status }
  const created = createdSchema.safeParse(json)
  if (!created.success) {
    getLogger().error('cms POST /api/comments answered an unexpected body')
    return { ok: false, status: 502 }
  }
  return { ok: true, comment: created.data.data }
}
