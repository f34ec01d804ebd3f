import type { CryptoKey } from 'jose'
import { describe, expect, it } from 'vitest'

import type * as CustomerToken from '../src/comments/customer-token'
import { commentsCmsForFile, ISSUER, signAccessToken } from './comments-harness'
import { requireCompiled, setEnv } from './harness'

const { isSessionOpen, SessionCheckUnavailableError, sessionCheckUrl } = requireCompiled<
  typeof CustomerToken
>('comments/customer-token.js')

const POST_SLUG = 'comment-target'

const cms = commentsCmsForFile({ title: 'نوشته‌ای برای نظر', slug: POST_SLUG })

interface TokenOptions {
  sub?: string
  key?: CryptoKey
  issuer?: string
  expiresIn?: string | number
  typ?: string
  username?: string
}

function token({
  sub = '42',
  key = cms.jwks.signingKey,
  issuer = ISSUER,
  expiresIn = '15m',
  typ = 'at+jwt',
  username = 'mina',
}: TokenOptions = {}) {
  return signAccessToken({ key, sub, username, expiresIn, issuer, typ })
}

async function postComment(body: unknown, bearer?: string) {
  const response = await fetch(`${cms.base}/api/comments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as {
    data: {
      documentId: string
      moderationStatus: string
      content: string
      authorPhone: string
      authorUsername?: string
    } | null
    error?: { status: number; message: string; details?: { errors?: { path: string[] }[] } }
  }
  return { status: response.status, json }
}

const publicComments = async () => {
  const response = await fetch(
    `${cms.base}/api/comments?filters[post][slug][$eq]=${POST_SLUG}&pagination[pageSize]=100`,
  )
  return ((await response.json()) as { data: { documentId: string }[] }).data
}

describe('POST /api/comments: authentication', () => {
  it('refuses a request without a bearer token', async () => {
    expect((await postComment({ post: POST_SLUG, content: 'سلام' })).status).toBe(401)
  })

  it.each<[string, () => Promise<string>]>([
    ['garbage', async () => 'not-a-jwt'],
    ['signed by another key', () => token({ key: cms.jwks.forgerKey })],
    ['expired', () => token({ expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    ['from another issuer', () => token({ issuer: 'someone-else' })],
    ['not an access token', () => token({ typ: 'JWT' })],
  ])('refuses a token that is %s', async (_name, make) => {
    const { status, json } = await postComment({ post: POST_SLUG, content: 'سلام' }, await make())
    expect(status).toBe(401)
    expect(json.data).toBeNull()
  })

  it('refuses a valid token whose session payments-service ended (a blocked customer), at once', async () => {
    const valid = await token({ sub: '2001' })
    const before = await postComment({ post: POST_SLUG, content: 'پیش از مسدود شدن' }, valid)
    expect(before.status).toBe(201)

    cms.jwks.endSessionsOf('2001')
    const checks = cms.jwks.sessionChecks
    const after = await postComment({ post: POST_SLUG, content: 'پس از مسدود شدن' }, valid)
    expect(after.status).toBe(401)
    expect(after.json.data).toBeNull()
    expect(cms.jwks.sessionChecks).toBe(checks + 1)
    const stored = await cms.strapi.db
      .query('api::comment.comment')
      .findMany({ where: { authorId: '2001' } })
    expect(stored.map((comment: { content: string }) => comment.content)).toEqual([
      'پیش از مسدود شدن',
    ])
  })

  it('refuses the comment when payments-service cannot say whether the session is open', async () => {
    const valid = await token({ sub: '2002' })
    cms.jwks.sessionCheck = 'fail'
    try {
      const { status, json } = await postComment({ post: POST_SLUG, content: 'سلام' }, valid)
      expect(status).toBe(503)
      expect(json.data).toBeNull()
    } finally {
      cms.jwks.sessionCheck = 'answer'
    }
  })

  it('gives up on a session check that does not answer in time, refusing (fails closed)', async () => {
    const valid = await token({ sub: '2003' })
    const url = sessionCheckUrl(cms.jwks.url)
    expect(url).toBe(cms.jwks.url.replace('/.well-known/jwks.json', '/api/auth/me/'))
    expect(await isSessionOpen(valid, { id: '2003' }, { url })).toBe(true)
    // A token that payments-service answers for someone else is not this customer's.
    expect(await isSessionOpen(valid, { id: '9999' }, { url })).toBe(false)
    cms.jwks.sessionCheck = 'hang'
    try {
      const started = Date.now()
      await expect(isSessionOpen(valid, { id: '2003' }, { url, timeoutMs: 200 })).rejects.toThrow(
        SessionCheckUnavailableError,
      )
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      cms.jwks.sessionCheck = 'answer'
    }
  })

  it('answers 503 when the JWKS cannot be fetched, and when it is not configured', async () => {
    const valid = await token({ sub: 'jwks-test' })
    const undo = setEnv({ PAYMENTS_JWKS_URL: 'http://127.0.0.1:9/jwks.json' })
    try {
      expect((await postComment({ post: POST_SLUG, content: 'سلام' }, valid)).status).toBe(503)
    } finally {
      undo()
    }
    const undoUnset = setEnv({ PAYMENTS_JWKS_URL: undefined })
    try {
      expect((await postComment({ post: POST_SLUG, content: 'سلام' }, valid)).status).toBe(503)
    } finally {
      undoUnset()
    }
  })
})

describe('POST /api/comments: content', () => {
  it('publishes a clean comment with a sanitised body and the author snapshot', async () => {
    const { status, json } = await postComment(
      { post: POST_SLUG, content: '<b>مقاله عالی</b><script>alert(1)</script> بود' },
      await token({ sub: '1001' }),
    )
    expect(status).toBe(201)
    expect(json.data).toMatchObject({
      moderationStatus: 'approved',
      content: 'مقاله عالی بود',
      authorUsername: 'mina',
      authorPhone: '0912***4567',
    })
    expect(json.data).not.toHaveProperty('authorId')
    expect((await publicComments()).map((c) => c.documentId)).toContain(json.data?.documentId)
    const stored = await cms.strapi.db
      .query('api::comment.comment')
      .findOne({ where: { documentId: json.data?.documentId } })
    expect(stored.authorId).toBe('1001')
  })

  it('never publishes a phone number used as the username', async () => {
    const { status, json } = await postComment(
      { post: POST_SLUG, content: 'نام کاربری من شماره من است' },
      await token({ sub: '1010', username: '09351112233' }),
    )
    expect(status).toBe(201)
    expect(json.data?.authorUsername).toBe('0935***2233')
    const listed = (await publicComments()).find((c) => c.documentId === json.data?.documentId)
    expect(JSON.stringify(listed)).not.toContain('09351112233')
  })

  it('accepts the numeric post id and the { data } envelope', async () => {
    const { status } = await postComment(
      { data: { post: cms.postId, content: 'با شناسه عددی' } },
      await token({ sub: '1002' }),
    )
    expect(status).toBe(201)
  })

  it.each(['', '   \n  ', '<p> </p>'])('refuses blank content %j', async (content) => {
    const { status, json } = await postComment(
      { post: POST_SLUG, content },
      await token({ sub: '1003' }),
    )
    expect(status).toBe(400)
    expect(json.error?.details?.errors?.[0]?.path).toEqual(['content'])
  })

  it('answers 404 for an unknown post', async () => {
    const { status } = await postComment(
      { post: 'no-such-post', content: 'سلام' },
      await token({ sub: '1004' }),
    )
    expect(status).toBe(404)
  })

  it('keeps a comment full of links out of the public list', async () => {
    const { status, json } = await postComment(
      { post: POST_SLUG, content: 'ارزان http://a.example http://b.example http://c.example' },
      await token({ sub: '1005' }),
    )
    expect(status).toBe(201)
    expect(json.data?.moderationStatus).toBe('spam')
    expect((await publicComments()).map((c) => c.documentId)).not.toContain(json.data?.documentId)
  })

  it('marks a repeated comment and a flood from one user as spam', async () => {
    const bearer = await token({ sub: '1006' })
    const statuses: string[] = []
    for (const content of ['اولی', 'اولی', 'سومی', 'چهارمی']) {
      statuses.push(
        (await postComment({ post: POST_SLUG, content }, bearer)).json.data!.moderationStatus,
      )
    }
    expect(statuses).toEqual(['approved', 'spam', 'approved', 'spam'])
  })
})

describe('POST /api/comments: held for a moderator (ADR 036)', () => {
  const stored = (documentId: string | undefined) =>
    cms.strapi.db.query('api::comment.comment').findOne({ where: { documentId } }) as Promise<{
      moderationStatus: string
      heldReason: string | null
    }>

  it("holds the incident's comment (card number and «رمز دوم» to a Telegram handle), with the reason", async () => {
    const { status, json } = await postComment(
      {
        post: POST_SLUG,
        content:
          'سلام دوستان، برای دریافت سریع‌تر وجه، شماره کارت و رمز دوم خود را به آیدی تلگرام @ArzPol_Support بفرستید.',
      },
      await token({ sub: '3001' }),
    )
    expect(status).toBe(201)
    expect(json.data?.moderationStatus).toBe('pending')
    expect(json.data).not.toHaveProperty('heldReason')
    expect((await publicComments()).map((c) => c.documentId)).not.toContain(json.data?.documentId)
    const { heldReason } = await stored(json.data?.documentId)
    expect(heldReason).toContain('شناسهٔ پیام‌رسان: @arzpol_support')
    expect(heldReason).toContain('درخواست رمز، کارت یا کد تأیید: رمز دوم')
    expect(heldReason).toContain('دعوت به پیام‌رسان: تلگرام')
  })

  it('holds a comment with one link, a phone number or a card number (not spam: a person decides)', async () => {
    const statuses = []
    for (const [sub, content] of [
      ['3002', 'راهنمای بیشتر: arzpol-help.ir'],
      ['3003', 'با من تماس: ۰۹۱۲ ۱۲۳ ۴۵۶۷'],
      ['3004', 'به این کارت بزنید ۶۰۳۷-۹۹۱۲-۳۴۵۶-۷۸۹۰'],
    ] as const) {
      const { json } = await postComment({ post: POST_SLUG, content }, await token({ sub }))
      statuses.push(json.data?.moderationStatus)
    }
    expect(statuses).toEqual(['pending', 'pending', 'pending'])
  })

  it('holds the same message from other accounts, a random suffix or not', async () => {
    const base = 'این سایت پول مردم را پس نمی‌دهد، از یک سایت دیگر خرید کنید'
    const statuses = []
    for (const [i, suffix] of ['k3x9', 'q9w', 'zz1 !!', 'a1b2c3'].entries()) {
      const { json } = await postComment(
        { post: POST_SLUG, content: `${base} ${suffix}` },
        await token({ sub: `310${i}` }),
      )
      statuses.push(json.data?.moderationStatus)
      if (i > 0)
        expect((await stored(json.data?.documentId)).heldReason).toMatch(/^تکرار دیدگاه حساب دیگر/)
    }
    expect(statuses).toEqual(['approved', 'pending', 'pending', 'pending'])
  })

  it("holds a comment matching a moderator's own rule from the admin, in any disguise", async () => {
    const rule = await cms.strapi
      .documents('api::comment-rule.comment-rule')
      .create({ data: { phrase: 'سود تضمینی', reason: 'other', note: 'seen on the blog' } })
    try {
      const { json } = await postComment(
        { post: POST_SLUG, content: 'سـود‌تضمينى روزانه برای همه' },
        await token({ sub: '3201' }),
      )
      expect(json.data?.moderationStatus).toBe('pending')
      expect((await stored(json.data?.documentId)).heldReason).toBe('دلیل دیگر: سود تضمینی')
    } finally {
      await cms.strapi.documents('api::comment-rule.comment-rule').delete({
        documentId: rule.documentId,
      })
    }
  })

  it('publishes an ordinary question about an order at once', async () => {
    const { json } = await postComment(
      { post: POST_SLUG, content: 'سفارش شماره ۱۴۰۳۰۹۱۲ را دیروز ثبت کردم، کی انجام می‌شود؟' },
      await token({ sub: '3301' }),
    )
    expect(json.data?.moderationStatus).toBe('approved')
  })
})
