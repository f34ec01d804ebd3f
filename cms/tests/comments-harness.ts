import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll } from 'vitest'
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, type CryptoKey } from 'jose'

import { startTestCms, type TestCms } from './harness'

/** What the comment tests share: a JWKS like payments-service's, and a cms with one post. */

export const ISSUER = 'arzpol-payments'

/** The secret the cms and the stand-in share (CMS_WEBHOOK_SECRET). */
export const MODERATION_SECRET = 'test-shared-secret-0123456789'

/** How the stand-in answers `/api/auth/me/`: as payments-service does, failing, or not at all. */
export type SessionCheckMode = 'answer' | 'fail' | 'hang'

export interface Jwks {
  url: string
  /** The key the JWKS publishes. */
  signingKey: CryptoKey
  /** A key the JWKS does not know: a forger's. */
  forgerKey: CryptoKey
  /** Ends every session of the customer `sub` (a block, a close): their tokens get 401. */
  endSessionsOf(sub: string): void
  sessionCheck: SessionCheckMode
  /** How many times `/api/auth/me/` was asked. */
  readonly sessionChecks: number
  /** The moderation decisions the cms reported (`POST /internal/moderation`), with the secret sent. */
  readonly moderation: Array<{ authorization: string; notice: Record<string, unknown> }>
  /** Whether `/internal/moderation` records (204) or is down (503). */
  moderationUp: boolean
  /** The author lists the cms asked about (`POST /internal/blocked-authors`). */
  readonly blockedAuthorQuestions: string[][]
  close(): void
}

/**
 * payments-service's answer to which authors are blocked: those whose sessions were ended,
 * behind the shared secret, or 503 while the moderation record is down (the same service).
 */
function answerBlockedAuthors(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  state: { up: boolean; ended: ReadonlySet<string>; questions: string[][] },
) {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    if (!state.up) return response.writeHead(503).end()
    if (request.headers.authorization !== `Bearer ${MODERATION_SECRET}`) {
      return response.writeHead(401).end()
    }
    const { authors } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { authors: string[] }
    state.questions.push(authors)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ blocked: authors.filter((id) => state.ended.has(id)) }))
  })
}

/** payments-service's moderation record: the notice kept while it is up, 503 while it is not. */
function recordModeration(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  up: boolean,
  into: Jwks['moderation'],
) {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    if (!up) {
      response.writeHead(503).end()
      return
    }
    into.push({
      authorization: request.headers.authorization ?? '',
      notice: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
    })
    response.writeHead(204).end()
  })
}

/**
 * A stand-in for payments-service: its JWKS endpoint, a real HTTP server with a real key, and
 * its profile endpoint `/api/auth/me/`, which answers 200 for a token signed with that key whose
 * customer's sessions were not ended, and 401 otherwise, and its moderation record.
 */
export async function startJwks(): Promise<Jwks> {
  const pair = await generateKeyPair('EdDSA', { extractable: true })
  const forgerKey = (await generateKeyPair('EdDSA')).privateKey
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' }
  const ended = new Set<string>()
  const hanging = new Set<http.ServerResponse>()
  const state = { sessionCheck: 'answer' as SessionCheckMode, sessionChecks: 0, moderationUp: true }
  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  const moderation: Jwks['moderation'] = []
  const blockedAuthorQuestions: string[][] = []
  const server = http.createServer((request, response) => {
    if (request.url === '/internal/moderation') {
      return recordModeration(request, response, state.moderationUp, moderation)
    }
    if (request.url === '/internal/blocked-authors') {
      return answerBlockedAuthors(request, response, {
        up: state.moderationUp,
        ended,
        questions: blockedAuthorQuestions,
      })
    }
    if (request.url !== '/api/auth/me/') return json(response, 200, { keys: [jwk] })
    state.sessionChecks += 1
    if (state.sessionCheck === 'hang') {
      hanging.add(response)
      return
    }
    if (state.sessionCheck === 'fail') return json(response, 503, { detail: 'unavailable' })
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
    jwtVerify(token, pair.publicKey, { issuer: ISSUER, typ: 'at+jwt' }).then(
      ({ payload }) =>
        payload.sub && !ended.has(payload.sub)
          ? json(response, 200, { id: payload.sub, username: payload.username, email: null })
          : json(response, 401, { detail: 'session ended', code: 'token_not_valid' }),
      () => json(response, 401, { detail: 'invalid', code: 'token_not_valid' }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${base}/.well-known/jwks.json`,
    signingKey: pair.privateKey,
    forgerKey,
    endSessionsOf: (sub) => ended.add(sub),
    get sessionCheck() {
      return state.sessionCheck
    },
    set sessionCheck(mode) {
      state.sessionCheck = mode
      if (mode !== 'hang') {
        for (const response of hanging) response.destroy()
        hanging.clear()
      }
    },
    get sessionChecks() {
      return state.sessionChecks
    },
    moderation,
    blockedAuthorQuestions,
    get moderationUp() {
      return state.moderationUp
    },
    set moderationUp(up) {
      state.moderationUp = up
    },
    close: () => {
      for (const response of hanging) response.destroy()
      server.close()
    },
  }
}

/** An access token as payments-service issues it (or a wrong one, by the options). */
export function signAccessToken(options: {
  key: CryptoKey
  sub: string
  username: string
  expiresIn: string | number
  issuer?: string
  typ?: string
}) {
  return new SignJWT({ username: options.username, phone: '09121234567', role: 'customer' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key', typ: options.typ ?? 'at+jwt' })
    .setSubject(options.sub)
    .setIssuer(options.issuer ?? ISSUER)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn)
    .sign(options.key)
}

export interface CmsWithPost extends TestCms {
  /** The published post's numeric id, which comments refer to. */
  postId: number
}

/**
 * A cms on its own SQLite file, trusting `jwksUrl`, without the seed or an admin, with one
 * published post to comment on.
 */
export async function startCmsWithPost(
  jwksUrl: string,
  post: { title: string; slug: string },
): Promise<CmsWithPost> {
  const cms = await startTestCms({
    CMS_SEED: 'false',
    CMS_ADMIN_EMAIL: undefined,
    CMS_ADMIN_PASSWORD: undefined,
    PAYMENTS_JWKS_URL: jwksUrl,
    CMS_WEBHOOK_SECRET: MODERATION_SECRET,
  })
  try {
    const created = await cms.strapi.documents('api::post.post').create({
      data: {
        title: post.title,
        slug: post.slug,
        content: [{ type: 'paragraph', children: [{ type: 'text', text: 'متن' }] }],
        date: new Date().toISOString(),
      },
      status: 'published',
    })
    const published = await cms.strapi
      .documents('api::post.post')
      .findOne({ documentId: created.documentId, status: 'published' })
    return { ...cms, postId: published?.id as number }
  } catch (error) {
    await cms.stop()
    throw error
  }
}

/** A comment test file's cms: one post to comment on, trusting `jwks`. */
export interface CommentsCms extends CmsWithPost {
  jwks: Jwks
}

/**
 * A JWKS and a cms with one post, started before the file's tests and stopped after them. Its
 * fields are filled in once the file's `beforeAll` hooks have run.
 */
export function commentsCmsForFile(post: { title: string; slug: string }): CommentsCms {
  const fixture = {} as CommentsCms
  let jwks: Jwks | undefined
  let cms: CmsWithPost | undefined
  beforeAll(async () => {
    jwks = await startJwks()
    cms = await startCmsWithPost(jwks.url, post)
    Object.assign(fixture, cms, { jwks })
  })
  afterAll(async () => {
    await cms?.stop()
    jwks?.close()
  })
  return fixture
}
