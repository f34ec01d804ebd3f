import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Core } from '@strapi/strapi'
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestStrapi, destroyStrapi, listen, makeTempDir, setEnv, testEnv } from './harness'

const ISSUER = 'arzpol-payments'
const POST_SLUG = 'comment-target'

const temp = makeTempDir()
let restoreEnv: () => void = () => {}
let strapi: Core.Strapi
let base: string
let jwksServer: http.Server
let jwksUrl: string
let signingKey: CryptoKey
let otherKey: CryptoKey
let postId: number

/** A stand-in for payments-service's JWKS endpoint: a real HTTP server with a real key. */
async function startJwksServer() {
  const pair = await generateKeyPair('EdDSA', { extractable: true })
  signingKey = pair.privateKey
  otherKey = (await generateKeyPair('EdDSA')).privateKey
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' }
  jwksServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`
}

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
  key = signingKey,
  issuer = ISSUER,
  expiresIn = '15m',
  typ = 'at+jwt',
  username = 'mina',
}: TokenOptions = {}) {
  return new SignJWT({ username, phone: '09121234567', role: 'customer' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key', typ })
    .setSubject(sub)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key)
}

async function postComment(body: unknown, bearer?: string) {
  const response = await fetch(`${base}/api/comments`, {
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
    `${base}/api/comments?filters[post][slug][$eq]=${POST_SLUG}&pagination[pageSize]=100`,
  )
  return ((await response.json()) as { data: { documentId: string }[] }).data
}

beforeAll(async () => {
  await startJwksServer()
  restoreEnv = setEnv({
    ...testEnv(`${temp.dir}/cms.db`),
    CMS_SEED: 'false',
    CMS_ADMIN_EMAIL: undefined,
    CMS_ADMIN_PASSWORD: undefined,
    PAYMENTS_JWKS_URL: jwksUrl,
  })
  strapi = createTestStrapi()
  await strapi.load()
  base = await listen(strapi)
  const post = await strapi.documents('api::post.post').create({
    data: {
      title: 'نوشته‌ای برای نظر',
      slug: POST_SLUG,
      content: [{ type: 'paragraph', children: [{ type: 'text', text: 'متن' }] }],
      date: new Date().toISOString(),
    },
    status: 'published',
  })
  const published = await strapi
    .documents('api::post.post')
    .findOne({ documentId: post.documentId, status: 'published' })
  postId = published?.id as number
})

afterAll(async () => {
  if (strapi) await destroyStrapi(strapi)
  jwksServer?.close()
  restoreEnv()
  temp.cleanup()
})

describe('POST /api/comments: authentication', () => {
  it('refuses a request without a bearer token', async () => {
    expect((await postComment({ post: POST_SLUG, content: 'سلام' })).status).toBe(401)
  })

  it.each<[string, () => Promise<string>]>([
    ['garbage', async () => 'not-a-jwt'],
    ['signed by another key', () => token({ key: otherKey })],
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
    const stored = await strapi.db
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
      { data: { post: postId, content: 'با شناسه عددی' } },
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
