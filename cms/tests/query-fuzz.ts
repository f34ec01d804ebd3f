import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import {
  corpusString,
  hostileString,
  numericText,
  percentEncode,
} from '../../packages/test-corpus/src/hostile.ts'
import { naughtyStrings } from '../../packages/test-corpus/src/naughty-strings.ts'
import { sendRaw, type RawAnswer } from '../../packages/test-corpus/src/raw-http.ts'
import type * as PublicPermissions from '../src/bootstrap/public-permissions'
import { signAccessToken, type CommentsCms } from './comments-harness'
import { requireCompiled } from './harness'
import { publicReadPath } from './public-routes'

/**
 * Generated hostile query strings (ADR 018, ADR 036), run by public-api.test.ts on its cms at every public route of the cms and at the
 * comment submission, through real HTTP with the bytes exactly as built: the queries web sends,
 * the same with one part spoiled, the outside scanner's findings (`sort=title.x`, `sort=../x`),
 * every parameter Strapi understands and web never sends (populate, fields, status, locale,
 * `$or`, other operators and attributes), prototype keys, deep brackets, duplicated keys,
 * hostile values (controls, lone surrogates as invalid UTF-8, raw Latin-1 bytes, the naughty
 * strings, numbers that overflow), broken percent-encoding, and the path in other cases, with a
 * trailing slash and hostile ids. Every answer: no 5xx; a 400 is Strapi's error body with a
 * Persian message (the boundary's, not Strapi's English one). FUZZ_RUNS and FUZZ_SEED as in
 * payments-service; `npm run fuzz` also sweeps every naughty string through every parameter.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200)
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (process.pid << 16)) | 0
const SWEEP = process.env.FUZZ_RUNS !== undefined && RUNS >= 1000

const { PUBLIC_READ_ACTIONS } = requireCompiled<typeof PublicPermissions>(
  'bootstrap/public-permissions.js',
)

// The test file's cms and its one published post, set by describeQueryFuzz.
let cms: CommentsCms
let POST_SLUG = ''
let token = ''
let postDocumentId = ''

// --- what is sent ------------------------------------------------------------------------------

/** The parts of the queries web sends (and the README documents). */
const VALID_PARTS: [string, string][] = [
  ['sort[0]', 'date:desc'],
  ['sort[1]', 'id:desc'],
  ['sort[0]', 'createdAt:desc'],
  ['sort[0]', 'publishedAt:desc'],
  ['sort', 'date:desc'],
  ['pagination[page]', '1'],
  ['pagination[pageSize]', '100'],
  ['pagination[limit]', '1'],
  ['filters[slug][$eq]', 'POST_SLUG'],
  ['filters[slug][$eq]', 'fx-topup'],
  ['filters[post][documentId][$eq]', 'DOCUMENT_ID'],
  ['filters[post][slug][$eq]', 'POST_SLUG'],
]

/** Keys Strapi understands, keys web never sends, and keys that are traps. */
const HOSTILE_KEYS = [
  'sort',
  'sort[0]',
  'sort[]',
  'sort[date]',
  'sort[0][date]',
  'populate',
  'populate[0]',
  'populate[author][populate][avatar]',
  'populate[*]',
  'fields',
  'fields[0]',
  'status',
  'locale',
  'publicationState',
  '_q',
  'filters',
  'filters[$or][0][slug][$eq]',
  'filters[$and][0][id][$gt]',
  'filters[title][$containsi]',
  'filters[slug][$ne]',
  'filters[slug][$in][0]',
  'filters[slug][$eq][0]',
  'filters[post][authorId][$eq]',
  'filters[moderationStatus][$eq]',
  'filters[post][populate]',
  'pagination',
  'pagination[page]',
  'pagination[pageSize]',
  'pagination[start]',
  'pagination[withCount]',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'toString',
  `${'a['.repeat(30)}x${']'.repeat(30)}`,
  `sort${'[0]'.repeat(25)}`,
  '',
  '[',
  ']]',
]

/** What an outside scanner sent, and its relatives. */
const SCANNER_VALUES = [
  'title.x',
  '../x',
  'title.x:desc',
  'date:desc,../x',
  '../../etc/passwd',
  'id:DESC',
  'post.title',
  'author.name:asc',
  'createdAt:asc;DROP TABLE comments',
  '*',
  'true',
  'draft',
  'null',
]

const value: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...VALID_PARTS.map(([, v]) => v)) },
  { weight: 3, arbitrary: fc.constantFrom(...SCANNER_VALUES) },
  { weight: 4, arbitrary: hostileString.map((text) => text.slice(0, 2_000)) },
  { weight: 2, arbitrary: numericText },
  { weight: 2, arbitrary: corpusString },
)

const key: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VALID_PARTS.map(([k]) => k)) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 1, arbitrary: hostileString.map((text) => text.slice(0, 200)) },
)

type Encoding = 'percent' | 'brackets-raw' | 'latin1' | 'broken'

/** One `key=value` as it goes on the wire. */
function encodePart(k: string, v: string, encoding: Encoding): string {
  switch (encoding) {
    case 'percent':
      return `${percentEncode(k)}=${percentEncode(v)}`
    case 'brackets-raw':
      // Brackets, `$`, `:` and `/` unencoded, as browsers and curl send them.
      return `${percentEncode(k).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$')}=${percentEncode(v).replace(/%3A/g, ':').replace(/%2F/g, '/')}`
    case 'latin1':
      // Raw bytes 0x80–0xFF: invalid UTF-8 on the wire (node sends the path as Latin-1).
      return `${percentEncode(k)}=${[...v].map((c) => (c.charCodeAt(0) < 0x100 && c.charCodeAt(0) > 0x20 && c !== '&' && c !== '#' ? c : percentEncode(c))).join('')}\u00e9\u00ff`
    case 'broken':
      return `${percentEncode(k)}=${percentEncode(v)}%${'zz%e'.slice(0, (v.length % 4) + 1)}`
  }
}

interface Target {
  method: 'GET' | 'HEAD' | 'POST'
  path: string
}

const pathVariant = fc.constantFrom('as-is', 'upper', 'trailing-slash', 'hostile-id')
type PathVariant = 'as-is' | 'upper' | 'trailing-slash' | 'hostile-id'

function targets(): Target[] {
  return [
    ...PUBLIC_READ_ACTIONS.map((action) => ({
      method: 'GET' as const,
      path: publicReadPath(cms.strapi, action, postDocumentId),
    })),
    { method: 'POST', path: '/api/comments' },
  ]
}

function shapePath(path: string, variant: PathVariant, hostileId: string): string {
  switch (variant) {
    case 'as-is':
      return path
    case 'upper':
      return path.toUpperCase().replace(postDocumentId.toUpperCase(), postDocumentId)
    case 'trailing-slash':
      return `${path}/`
    case 'hostile-id':
      return path.replace(postDocumentId, percentEncode(hostileId).slice(0, 3_000))
  }
}

/** The query web sends to each route (the rest get none), which a `web` plan starts from. */
const pages: [string, string][] = [
  ['pagination[page]', '1'],
  ['pagination[pageSize]', '100'],
]
const WEB_QUERY: Record<string, [string, string][]> = {
  '/api/posts': [['sort[0]', 'date:desc'], ['sort[1]', 'id:desc'], ...pages],
  '/api/comments': [
    ['filters[post][documentId][$eq]', 'DOCUMENT_ID'],
    ['sort[0]', 'createdAt:desc'],
    ['sort[1]', 'id:desc'],
    ...pages,
  ],
  '/api/service-pages': [['filters[slug][$eq]', 'fx-topup'], ...pages],
  '/api/tier-pages': [['filters[slug][$eq]', 'base'], ...pages],
  '/api/terms-versions': [['sort[0]', 'publishedAt:desc'], ['sort[1]', 'id:desc'], ...pages],
  '/api/categories': pages,
  '/api/authors': pages,
}

interface Plan {
  /** `web`: web's own query; `spoiled`: web's with the generated parts added; `generated`. */
  mode: 'web' | 'spoiled' | 'generated'
  target: number
  variant: PathVariant
  hostileId: string
  head: boolean
  parts: { key: string; value: string; encoding: Encoding }[]
  whole: string | null
}

const part = fc.record({
  key,
  value,
  encoding: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Encoding>('brackets-raw') },
    { weight: 3, arbitrary: fc.constant<Encoding>('percent') },
    { weight: 1, arbitrary: fc.constantFrom<Encoding>('latin1', 'broken') },
  ),
})

/** Whole query strings that are broken before any key is read. */
const WHOLE_QUERIES = ['%', '%%', '&&&', '=', '==&=', '[', 'sort=%ff%fe', 'a=%00', '%5B%5D=1', '?']

const plan: fc.Arbitrary<Plan> = fc.record({
  mode: fc.oneof(
    { weight: 2, arbitrary: fc.constant('web' as const) },
    { weight: 3, arbitrary: fc.constant('spoiled' as const) },
    { weight: 5, arbitrary: fc.constant('generated' as const) },
  ),
  target: fc.nat(),
  variant: fc.oneof(
    { weight: 6, arbitrary: fc.constant<PathVariant>('as-is') },
    { weight: 2, arbitrary: pathVariant },
  ),
  hostileId: fc.oneof(hostileString, fc.constantFrom('..', '../x', '%2e%2e', 'x'.repeat(200))),
  head: fc.boolean(),
  parts: fc.array(part, { minLength: 0, maxLength: 6 }),
  whole: fc.option(fc.constantFrom(...WHOLE_QUERIES), { freq: 12 }),
})

function wire(p: Plan): Target & { query: string } {
  const list = targets()
  const target = list[p.target % list.length] as Target
  const path = shapePath(target.path, p.variant, p.hostileId)
  const web = (target.method === 'GET' ? (WEB_QUERY[target.path] ?? []) : []).map(([k, v]) => ({
    key: k,
    value: v,
    encoding: 'brackets-raw' as const,
  }))
  const parts = p.mode === 'web' ? web : p.mode === 'spoiled' ? [...web, ...p.parts] : p.parts
  const query =
    p.whole ??
    parts
      .map(({ key: k, value: v, encoding }) =>
        encodePart(
          k,
          v.replace('DOCUMENT_ID', postDocumentId).replace('POST_SLUG', POST_SLUG),
          encoding,
        ),
      )
      .join('&')
  const method = target.method === 'GET' && p.head ? 'HEAD' : target.method
  // Node refuses request heads over 16 KB (431) before the app: keep under it.
  return { method, path, query: query.slice(0, 12_000) }
}

/** Sends the request line exactly as built (a URL parser would resolve `..` and re-encode). */
function send(w: Target & { query: string }): Promise<RawAnswer> {
  const body =
    w.method === 'POST'
      ? Buffer.from(JSON.stringify({ post: POST_SLUG, content: 'پرسش' }))
      : undefined
  return sendRaw(cms.base, {
    method: w.method,
    path: w.query ? `${w.path}?${w.query}` : w.path,
    headers: body
      ? {
          'content-type': 'application/json',
          'content-length': String(body.length),
          authorization: `Bearer ${token}`,
        }
      : {},
    body,
  })
}

const PERSIAN = /[\u0600-\u06ff]/

function checkAnswer(w: Target & { query: string }, answer: RawAnswer) {
  const context = `${answer.status} ${answer.text.slice(0, 300)} ← ${w.method} ${w.path}?${w.query.slice(0, 300)}`
  expect(answer.status, context).toBeLessThan(500)
  // Node's HTTP parser refuses a request line with raw bytes over 0x7F itself: a bare 400
  // without a body, before Strapi sees the request.
  const nodeRefusal = answer.status === 400 && answer.type === '' && answer.text === ''
  if (answer.status === 400 && w.method !== 'HEAD' && !nodeRefusal) {
    const body = JSON.parse(answer.text) as {
      data: unknown
      error?: { status: number; name: string; message: string }
    }
    expect(body.data, context).toBeNull()
    expect(body.error?.status, context).toBe(400)
    expect(body.error?.message, context).toMatch(PERSIAN)
  }
}

/** The outside scanner's requests, always among the cases. */
const SCANNER_PLANS: Plan[] = ['title.x', '../x'].flatMap((sortValue) =>
  [0, 1].map((which) => ({
    mode: 'generated' as const,
    // Filled in below: the posts and comments routes.
    target: which,
    variant: 'as-is' as const,
    hostileId: '',
    head: false,
    parts: [{ key: 'sort', value: sortValue, encoding: 'brackets-raw' as const }],
    whole: null,
  })),
)

/** Registers the fuzz on `fixture` (a cms with the published post `postSlug`). */
export function describeQueryFuzz(fixture: CommentsCms, postSlug: string) {
  cms = fixture
  POST_SLUG = postSlug
  beforeAll(async () => {
    token = await signAccessToken({
      key: cms.jwks.signingKey,
      sub: '8801',
      username: 'fuzzer',
      expiresIn: '1h',
    })
    const post = await cms.strapi
      .documents('api::post.post')
      .findFirst({ filters: { slug: POST_SLUG }, status: 'published' })
    postDocumentId = post?.documentId ?? ''
  })

  describe(`generated hostile query strings (FUZZ_SEED=${SEED})`, () => {
    it(`${RUNS} generated queries at every public route and the comment submission: no 5xx, Persian 400s`, async () => {
      const list = targets()
      const postsIndex = list.findIndex((t) => t.method === 'GET' && t.path === '/api/posts')
      const commentsIndex = list.findIndex((t) => t.method === 'GET' && t.path === '/api/comments')
      const examples = SCANNER_PLANS.map(
        (p) => [{ ...p, target: p.target === 0 ? postsIndex : commentsIndex }] as [Plan],
      )
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(plan, async (p) => {
          const w = wire(p)
          const answer = await send(w)
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
          checkAnswer(w, answer)
          if (
            p.mode === 'web' &&
            p.variant === 'as-is' &&
            !p.whole &&
            w.method !== 'POST' &&
            w.path in WEB_QUERY
          ) {
            // Web's own query is never refused.
            expect(answer.status, `${w.method} ${w.path}?${w.query}`).toBe(200)
          }
        }),
        { numRuns: RUNS, seed: SEED, examples },
      )
      console.info(
        `cms query fuzz: ${RUNS} queries, seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      )
      // The generator reaches the handlers too, not only the boundary's refusals. About one
      // query in eight passes; a bar at one in ten failed by chance (19 of 200), one in twenty
      // is more than three standard deviations below what the generator makes.
      const passed = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)
      expect(passed).toBeGreaterThan(RUNS / 20)
    }, 600_000)

    it.runIf(SWEEP)(
      'every naughty string as every kind of parameter value, at the posts and comments routes',
      async () => {
        const corpus = naughtyStrings()
        const keys = ['sort', 'filters[slug][$eq]', 'pagination[page]', 'populate', 'status']
        for (const [i, text] of corpus.entries()) {
          const path = i % 2 === 0 ? '/api/posts' : '/api/comments'
          for (const k of keys) {
            const w = { method: 'GET' as const, path, query: encodePart(k, text, 'percent') }
            checkAnswer(w, await send(w))
          }
        }
      },
      600_000,
    )
  })
}
