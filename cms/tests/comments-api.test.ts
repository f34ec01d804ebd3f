import type { CryptoKey } from 'jose'
import { describe, expect, it } from 'vitest'

import { commentsCmsForFile, ISSUER, signAccessToken } from './comments-harness'
import { setEnv } from './harness'

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
