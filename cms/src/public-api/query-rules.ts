import { z } from 'zod'

import { SLUG_CHARACTERS } from '../blog/post-slug'

/**
 * What each public route accepts in its query string, keyed by the route's handler. Only what web
 * sends (web/app/features/content/cms.server.ts, cms-pages.server.ts) and what the README
 * documents; everything else is refused with a 400 before Strapi reads it (ADR 036). Strapi's own
 * parsing of `sort`, `filters`, `populate`, `fields`, `status` or `locale` answers 500 to some
 * hostile values (`sort=title.x`), and `status=draft` would show unpublished drafts to anyone.
 *
 * A route without an entry here accepts no query parameter at all.
 */

export interface QueryRule {
  /** Attributes `sort` may name, each with an optional `:asc` / `:desc`. None: no `sort`. */
  sort?: readonly string[]
  /** `pagination[page]` + `pagination[pageSize]`, or `pagination[start]` + `pagination[limit]`. */
  paginate?: boolean
  /** `filters[...][$eq]=value` paths (e.g. `post.slug`), each value of the given shape. */
  filters?: Readonly<Record<string, ValueShape>>
}

/** The shapes a filter value may have (what a slug or a documentId can possibly look like). */
export type ValueShape = 'slug' | 'documentId'

/** What a Strapi documentId can look like; anything else names no document. */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/

const VALUE_PATTERNS: Record<ValueShape, RegExp> = {
  // What a slug may hold (a post's may be Persian: blog/post-slug.ts).
  slug: new RegExp(`^[${SLUG_CHARACTERS}]{1,200}$`),
  documentId: DOCUMENT_ID_PATTERN,
}

const listing = { paginate: true } as const

export const PUBLIC_QUERY_RULES: Readonly<Record<string, QueryRule>> = {
  'api::post.post.find': {
    ...listing,
    sort: ['date', 'id'],
    filters: { slug: 'slug' },
  },
  'api::post.post.findOne': {},
  'api::comment.comment.find': {
    ...listing,
    sort: ['createdAt', 'id'],
    filters: { 'post.documentId': 'documentId', 'post.slug': 'slug' },
  },
  'api::comment.comment.findOne': {},
  // The comment form sends its fields in the body, never in the query.
  'api::comment.comment.submit': {},
  'api::category.category.find': { ...listing, filters: { slug: 'slug' } },
  'api::category.category.findOne': {},
  'api::author.author.find': { ...listing, filters: { slug: 'slug' } },
  'api::author.author.findOne': {},
  'api::terms-version.terms-version.find': { ...listing, sort: ['publishedAt', 'id'] },
  'api::terms-version.terms-version.findOne': {},
  'api::service-page.service-page.find': { ...listing, filters: { slug: 'slug' } },
  'api::service-page.service-page.findOne': {},
  'api::tier-page.tier-page.find': { ...listing, filters: { slug: 'slug' } },
  'api::tier-page.tier-page.findOne': {},
  'api::landing-page.landing-page.find': {},
  'api::about-page.about-page.find': {},
  'api::site-setting.site-setting.find': {},
}

/** The rule of a handler; a route nobody described accepts no query (fails closed). */
export function queryRuleFor(handler: string): QueryRule {
  return PUBLIC_QUERY_RULES[handler] ?? {}
}

// --- zod schemas built from a rule ---------------------------------------------------------------

const MAX_PAGE = 1000
const MAX_PAGE_SIZE = 100
const MAX_START = 100_000

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/)
    .refine((text) => Number(text) >= min && Number(text) <= max)

const pagination = z.union([
  z.strictObject({
    page: wholeNumber(1, MAX_PAGE).optional(),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).optional(),
  }),
  z.strictObject({
    start: wholeNumber(0, MAX_START).optional(),
    limit: wholeNumber(1, MAX_PAGE_SIZE).optional(),
  }),
])

function sortSchema(fields: readonly string[]) {
  const item = `(?:${fields.join('|')})(?::(?:asc|desc))?`
  // One string (`date:desc` or `date:desc,id:desc`) or a list (`sort[0]=…&sort[1]=…`).
  const list = new RegExp(`^${item}(?:,${item}){0,${fields.length - 1}}$`, 'i')
  const one = new RegExp(`^${item}$`, 'i')
  return z.union([z.string().regex(list), z.array(z.string().regex(one)).min(1).max(fields.length)])
}

interface FilterTree {
  [key: string]: FilterTree | ValueShape
}

function filterTree(filters: Readonly<Record<string, ValueShape>>): FilterTree {
  const tree: FilterTree = {}
  for (const [path, shape] of Object.entries(filters)) {
    const keys = path.split('.')
    let node = tree
    for (const key of keys.slice(0, -1)) {
      const next = node[key]
      node = typeof next === 'object' ? next : (node[key] = {})
    }
    node[keys[keys.length - 1] as string] = shape
  }
  return tree
}

function filterSchema(tree: FilterTree): z.ZodType {
  const shape: Record<string, z.ZodType> = {}
  for (const [key, child] of Object.entries(tree)) {
    shape[key] = (
      typeof child === 'string'
        ? z.strictObject({ $eq: z.string().regex(VALUE_PATTERNS[child]) })
        : filterSchema(child)
    ).optional()
  }
  return z.strictObject(shape)
}

/** The zod schema of a rule: a strict object, so any parameter it does not name is refused. */
export function querySchema(rule: QueryRule): z.ZodType {
  const shape: Record<string, z.ZodType> = {}
  if (rule.sort?.length) shape.sort = sortSchema(rule.sort).optional()
  if (rule.paginate) shape.pagination = pagination.optional()
  if (rule.filters && Object.keys(rule.filters).length) {
    shape.filters = filterSchema(filterTree(rule.filters)).optional()
  }
  return z.strictObject(shape)
}

// --- Persian messages ----------------------------------------------------------------------------

const list = (items: readonly string[]) => items.join('، ')

/** What the rule accepts, in words, for the refusal's message. */
export function acceptedParameters(rule: QueryRule): string[] {
  const accepted: string[] = []
  if (rule.sort?.length) accepted.push('sort')
  if (rule.paginate) accepted.push('pagination')
  for (const path of Object.keys(rule.filters ?? {})) {
    accepted.push(
      `filters${path
        .split('.')
        .map((key) => `[${key}]`)
        .join('')}[$eq]`,
    )
  }
  return accepted
}

/** A Persian sentence for one refused parameter (`name` is the top-level key). */
export function refusalMessage(rule: QueryRule, name: string): string {
  const accepted = acceptedParameters(rule)
  if (name === 'sort' && rule.sort?.length) {
    return `مرتب‌سازی (sort) فقط بر پایهٔ ${list(rule.sort)} و با ‎:asc‎ یا ‎:desc‎ پذیرفته است.`
  }
  if (name === 'pagination' && rule.paginate) {
    return `صفحه‌بندی (pagination) فقط با page از ۱ تا ${MAX_PAGE.toLocaleString('fa-IR')} و pageSize از ۱ تا ${MAX_PAGE_SIZE.toLocaleString('fa-IR')}، یا start و limit، پذیرفته است.`
  }
  if (name === 'filters' && rule.filters) {
    return `فیلتر (filters) فقط به این شکل‌ها پذیرفته است: ${list(accepted.filter((p) => p.startsWith('filters')))} با یک شناسه یا نامک معتبر.`
  }
  return accepted.length
    ? `پارامتر «${name}» در این نشانی پذیرفته نیست. پارامترهای پذیرفته: ${list(accepted)}.`
    : `پارامتر «${name}» در این نشانی پذیرفته نیست؛ این نشانی هیچ پارامتری نمی‌پذیرد.`
}
