import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Core } from '@strapi/strapi'
import { afterAll, beforeAll } from 'vitest'
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose'

import { createTestStrapi, destroyStrapi, listen, makeTempDir, setEnv, testEnv } from './harness'

/** What the comment tests share: a JWKS like payments-service's, and a cms with one post. */

export const ISSUER = 'arzpol-payments'

export interface Jwks {
  url: string
  /** The key the JWKS publishes. */
  signingKey: CryptoKey
  /** A key the JWKS does not know: a forger's. */
  forgerKey: CryptoKey
  close(): void
}

/** A stand-in for payments-service's JWKS endpoint: a real HTTP server with a real key. */
export async function startJwks(): Promise<Jwks> {
  const pair = await generateKeyPair('EdDSA', { extractable: true })
  const forgerKey = (await generateKeyPair('EdDSA')).privateKey
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' }
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`,
    signingKey: pair.privateKey,
    forgerKey,
    close: () => server.close(),
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

export interface CmsWithPost {
  strapi: Core.Strapi
  base: string
  /** The published post's numeric id, which comments refer to. */
  postId: number
  stop(): Promise<void>
}

/**
 * A cms on its own SQLite file, trusting `jwksUrl`, without the seed or an admin, with one
 * published post to comment on.
 */
export async function startCmsWithPost(
  jwksUrl: string,
  post: { title: string; slug: string },
): Promise<CmsWithPost> {
  const temp = makeTempDir()
  const restoreEnv = setEnv({
    ...testEnv(`${temp.dir}/cms.db`),
    CMS_SEED: 'false',
    CMS_ADMIN_EMAIL: undefined,
    CMS_ADMIN_PASSWORD: undefined,
    PAYMENTS_JWKS_URL: jwksUrl,
  })
  let strapi: Core.Strapi | undefined
  const stop = async () => {
    if (strapi) await destroyStrapi(strapi)
    restoreEnv()
    temp.cleanup()
  }
  try {
    strapi = createTestStrapi()
    await strapi.load()
    const base = await listen(strapi)
    const created = await strapi.documents('api::post.post').create({
      data: {
        title: post.title,
        slug: post.slug,
        content: [{ type: 'paragraph', children: [{ type: 'text', text: 'متن' }] }],
        date: new Date().toISOString(),
      },
      status: 'published',
    })
    const published = await strapi
      .documents('api::post.post')
      .findOne({ documentId: created.documentId, status: 'published' })
    return { strapi, base, postId: published?.id as number, stop }
  } catch (error) {
    await stop()
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
