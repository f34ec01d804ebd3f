import fc from 'fast-check'
import type { CryptoKey } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'

import { naughtyStrings } from '../../packages/test-corpus/src/naughty-strings.ts'
import { sendRaw } from '../../packages/test-corpus/src/raw-http.ts'
import { commentsCmsForFile, signAccessToken, type Jwks } from './comments-harness'

/**
 * Generated hostile comments (ADR 018) through real HTTP: POST /api/comments with
 * comments of the right shape and hostile contents (controls, lone surrogates, bidi and
 * zero-width characters, markup, very long text, the naughty strings), wrong types, duplicate
 * keys, deep nesting, wrong or missing content types, truncated and invalid UTF-8 bodies, sent
 * anonymously, with a customer's token, another customer's, a forged and an expired one. Every
 * answer: no 5xx; a refusal is Strapi's error body (`{data: null, error: {status, name,
 * message}}`, the cms's contract) with a Persian message (ADR 036) and adds no comment; an accepted
 * comment is stored without a tag or a NUL. FUZZ_RUNS and FUZZ_SEED as in payments-service.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 150)
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (process.pid << 16)) | 0
const POST_SLUG = 'fuzz-target'
const COMMENT = 'api::comment.comment'

const corpus = naughtyStrings()

const cms = commentsCmsForFile({ title: 'نوشته‌ای برای آزمون', slug: POST_SLUG })
let tokens: Record<string, string | undefined> = {}

/** Who posts: nobody, the customer, another customer, a forger, and the customer's expired token. */
async function signTokens({ signingKey, forgerKey }: Jwks) {
  const sign = (sub: string, key: CryptoKey, expiresIn: string | number) =>
    signAccessToken({ key, sub, username: `user${sub}`, expiresIn })
  return {
    anonymous: undefined,
    customer: await sign('7001', signingKey, '1h'),
    other: await sign('7002', signingKey, '1h'),
    forged: await sign('7001', forgerKey, '1h'),
    expired: await sign('7001', signingKey, Math.floor(Date.now() / 1000) - 60),
  }
}

// --- generated comments -----------------------------------------------------------------------

const FRAGMENTS = [
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\r\n',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200c',
  '\ufeff',
  '۱۲۳',
  '٤٥٦',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  'https://spam.example/buy',
  '09121234567',
  '${7*7}',
  '__proto__',
]

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('نظر خوبی بود', 'مقاله عالی', 'سلام') },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('مقاله ', 'خوب ', ''),
        fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 3 }),
      )
      .map(([text, parts]) => `${text}${parts.join('')}`),
  },
  { weight: 2, arbitrary: fc.nat().map((i) => corpus[i % corpus.length] ?? '') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(20_000, 20_001, 100_000).map((n) => 'ن'.repeat(n)),
  },
)

const wrongType = fc.constantFrom<unknown>(null, true, 0, -0, 1e21, [], {}, ['a'], { a: 1 })
const postRef = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>('slug', 'id', 'id-string') },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(-1, 2 ** 53 + 2, '9'.repeat(300)) },
)

interface Plan {
  who: 'anonymous' | 'customer' | 'other' | 'forged' | 'expired'
  post: unknown
  content: unknown
  envelope: boolean
  transport: 'json' | 'text-plain' | 'none' | 'truncated' | 'invalid-utf8' | 'duplicate' | 'deep'
  cut: number
}

const plan: fc.Arbitrary<Plan> = fc.record({
  who: fc.oneof(
    { weight: 6, arbitrary: fc.constant('customer' as const) },
    { weight: 2, arbitrary: fc.constant('other' as const) },
    { weight: 1, arbitrary: fc.constantFrom('anonymous' as const, 'forged' as const) },
    { weight: 1, arbitrary: fc.constant('expired' as const) },
  ),
  post: postRef,
  content: fc.oneof({ weight: 8, arbitrary: hostileText }, { weight: 1, arbitrary: wrongType }),
  envelope: fc.boolean(),
  transport: fc.oneof(
    { weight: 10, arbitrary: fc.constant('json' as const) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'text-plain' as const,
        'none' as const,
        'truncated' as const,
        'invalid-utf8' as const,
        'duplicate' as const,
        'deep' as const,
      ),
    },
  ),
  cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
})

function wire(p: Plan): { headers: Record<string, string>; body: Buffer } {
  const post =
    p.post === 'slug'
      ? POST_SLUG
      : p.post === 'id'
        ? cms.postId
        : p.post === 'id-string'
          ? String(cms.postId)
          : p.post
  const fields = { post, content: p.content }
  const json = JSON.stringify(p.envelope ? { data: fields } : fields)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  let body = Buffer.from(json)
  switch (p.transport) {
    case 'text-plain':
      headers['content-type'] = 'text/plain'
      break
    case 'none':
      delete headers['content-type']
      break
    case 'truncated':
      body = body.subarray(0, Math.floor(body.length * p.cut))
      break
    case 'invalid-utf8': {
      const at = Math.floor(body.length * p.cut)
      body = Buffer.concat([
        body.subarray(0, at),
        Buffer.from([0xff, 0xed, 0xa0, 0x80]),
        body.subarray(at),
      ])
      break
    }
    case 'duplicate':
      body = Buffer.from(
        `{"post":${JSON.stringify(POST_SLUG)},"content":"سلام","content":${JSON.stringify(p.content) ?? 'null'}}`,
      )
      break
    case 'deep':
      body = Buffer.from(
        `{"post":${JSON.stringify(POST_SLUG)},"content":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      )
      break
  }
  const token = tokens[p.who]
  if (token) headers.authorization = `Bearer ${token}`
  headers['content-length'] = String(body.length)
  return { headers, body }
}

const send = (w: { headers: Record<string, string>; body: Buffer }) =>
  sendRaw(`${cms.base}/api/comments`, { method: 'POST', ...w })

const count = async () => Number(await cms.strapi.db.query(COMMENT).count({}))

beforeAll(async () => {
  tokens = await signTokens(cms.jwks)
})

describe(`generated hostile comments (FUZZ_SEED=${SEED})`, () => {
  it(`POST /api/comments: ${RUNS} generated comments, no 5xx, Strapi error bodies, refusals add nothing`, async () => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        const before = await count()
        const w = wire(p)
        const answer = await send(w)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        const context = `${answer.status} ${answer.text.slice(0, 300)} ← ${p.who} ${w.body.toString('utf8').slice(0, 300)}`
        expect(answer.status, context).toBeLessThan(500)
        const body = JSON.parse(answer.text) as {
          data: { content?: string } | null
          error?: { status: number; name: string; message: string }
        }
        if (answer.status >= 400) {
          expect(body.data, context).toBeNull()
          expect(body.error?.status, context).toBe(answer.status)
          // Persian, like every refusal of the public API (ADR 036).
          expect(body.error?.message, context).toMatch(/[\u0600-\u06ff]/)
          expect(await count(), `refused, yet stored: ${context}`).toBe(before)
        } else {
          expect(answer.status, context).toBe(201)
          // Stored sanitised: no tag at all (what is left, `onerror=` included, is text, which
          // web escapes), and no NUL.
          expect(body.data?.content ?? '', context).not.toMatch(/<\s*[a-z!/?]/i)
          expect(body.data?.content ?? '', context).not.toContain('\u0000')
        }
      }),
      { numRuns: RUNS, seed: SEED },
    )
    console.info(
      `cms fuzz: ${RUNS} comments, seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    )
    // The generator reaches the handler's happy path too, not only its refusals.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(RUNS / 10)
  }, 240_000)
})
