import { generateKeyPairSync, randomUUID } from 'node:crypto'
import type { AuthTokens } from '@arzpol/contracts'
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  SignJWT,
  UnsecuredJWT,
  type JSONWebKeySet,
} from 'jose'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppState } from '../../http/context.ts'
import { requestFrame } from '../../http/middlewares/request-frame.ts'
import { createRequireUser, requireRole } from '../../http/middlewares/auth.ts'
import { User } from '../../models/user.model.ts'
import { registerUser, useTestApp } from '../../test/app.ts'
import { insertUser, uniquePhone } from '../../test/factories.ts'
import { openTestSession } from '../../test/sessions.ts'
import { createTokenService } from './tokens.ts'
import { startTestServer, type TestClient } from '../../test/http.ts'

const REFRESH = '/api/auth/token/refresh/'
const LOGOUT = '/api/auth/logout/'
const ME = '/api/auth/me/'
const INVALID = { detail: 'توکن نامعتبر یا منقضی شده است.', code: 'token_not_valid' }

describe('tokens', () => {
  const t = useTestApp()

  describe('POST /api/auth/token/refresh/', () => {
    it('rotates: a new pair each time, and the new access token works', async () => {
      const first = await registerUser(t.api, uniquePhone())
      const second = await t.api.post<AuthTokens>(REFRESH, { refresh: first.refresh })
      expect(second.status).toBe(200)
      expect(second.body.refresh).not.toBe(first.refresh)
      expect((await t.api.get(ME, { token: second.body.access })).status).toBe(200)
      const third = await t.api.post<AuthTokens>(REFRESH, { refresh: second.body.refresh })
      expect(third.status).toBe(200)
    })

    it('revokes the whole family when a rotated token is presented again after the grace window', async () => {
      const first = await registerUser(t.api, uniquePhone())
      const second = await t.api.post<AuthTokens>(REFRESH, { refresh: first.refresh })
      t.clock.advance(31)
      // The thief replays the old token: refused, and the owner's current one dies with it.
      const replay = await t.api.post(REFRESH, { refresh: first.refresh })
      expect([replay.status, replay.body]).toEqual([401, INVALID])
      const owner = await t.api.post(REFRESH, { refresh: second.body.refresh })
      expect(owner.status).toBe(401)
    })

    it('gives each of ten refreshes at once a working pair of the same session (several web instances)', async () => {
      const first = await registerUser(t.api, uniquePhone())
      const pairs = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.api.post<AuthTokens>(REFRESH, { refresh: first.refresh }),
        ),
      )
      expect(pairs.map((pair) => pair.status)).toEqual(Array(10).fill(200))
      for (const pair of pairs) {
        expect((await t.api.get(ME, { token: pair.body.access })).status).toBe(200)
      }
      const sessions = await t.deps.db('refresh_tokens').distinct('family_id')
      expect(sessions).toHaveLength(1)
      // Past the window a replay is a stolen copy: refused, and every sibling ends with it.
      t.clock.advance(31)
      expect((await t.api.post(REFRESH, { refresh: first.refresh })).status).toBe(401)
      expect((await t.api.get(ME, { token: pairs[3]!.body.access })).status).toBe(401)
      expect((await t.api.post(REFRESH, { refresh: pairs[7]!.body.refresh })).status).toBe(401)
    })

    it('gives no sibling pair within the grace window once the session ended', async () => {
      const first = await registerUser(t.api, uniquePhone())
      const second = await t.api.post<AuthTokens>(REFRESH, { refresh: first.refresh })
      expect((await t.api.post(LOGOUT, { refresh: second.body.refresh })).status).toBe(204)
      expect((await t.api.post(REFRESH, { refresh: first.refresh })).status).toBe(401)
    })

    it('leaves other sign-ins of the same user alone', async () => {
      const phone = uniquePhone()
      const first = await registerUser(t.api, phone)
      const other = await t.api.post<AuthTokens>('/api/auth/login/', {
        phone,
        password: 'correct horse 1',
      })
      await t.api.post(REFRESH, { refresh: first.refresh })
      await t.api.post(REFRESH, { refresh: first.refresh })
      expect((await t.api.post(REFRESH, { refresh: other.body.refresh })).status).toBe(200)
    })

    it('refuses unknown and expired refresh tokens, and a missing one with a field error', async () => {
      expect((await t.api.post(REFRESH, { refresh: 'made-up' })).body).toEqual(INVALID)
      const tokens = await registerUser(t.api, uniquePhone())
      t.clock.advance(30 * 86_400)
      expect((await t.api.post(REFRESH, { refresh: tokens.refresh })).status).toBe(401)
      const missing = await t.api.post(REFRESH, {})
      expect([missing.status, missing.body]).toEqual([
        400,
        { refresh: ['توکن refresh را ارسال کنید'] },
      ])
    })

    it('stops working for a blocked user', async () => {
      const phone = uniquePhone()
      const tokens = await registerUser(t.api, phone)
      await User.query(t.deps.db).where({ phone }).patch({ blocked_at: t.clock.now() })
      expect((await t.api.post(REFRESH, { refresh: tokens.refresh })).status).toBe(401)
      expect((await t.api.get(ME, { token: tokens.access })).status).toBe(401)
    })
  })

  describe('POST /api/auth/logout/', () => {
    it('answers 204 and revokes the refresh token family', async () => {
      const first = await registerUser(t.api, uniquePhone())
      const second = await t.api.post<AuthTokens>(REFRESH, { refresh: first.refresh })
      const response = await t.api.post(LOGOUT, { refresh: second.body.refresh })
      expect(response.status).toBe(204)
      expect(response.text).toBe('')
      expect((await t.api.post(REFRESH, { refresh: second.body.refresh })).status).toBe(401)
    })

    it('answers 204 for a token it does not know', async () => {
      expect((await t.api.post(LOGOUT, { refresh: 'whatever' })).status).toBe(204)
    })
  })

  describe('GET /api/auth/me/ and /api/me/', () => {
    it('answer id, username and email for a valid token', async () => {
      const user = await insertUser(t.deps)
      const login = await t.api.post<AuthTokens>('/api/auth/login/', {
        phone: user.phone,
        password: 'correct horse 1',
      })
      for (const path of [ME, '/api/me/', '/api/auth/me', '/api/me']) {
        const response = await t.api.get(path, { token: login.body.access })
        expect([path, response.status, response.body]).toEqual([
          path,
          200,
          { id: user.id, username: user.phone, email: null },
        ])
      }
    })

    it('refuse a missing token', async () => {
      const response = await t.api.get(ME)
      expect(response.status).toBe(401)
      expect(response.body).toEqual({
        detail: 'اطلاعات احراز هویت ارسال نشده است.',
        code: 'not_authenticated',
      })
      expect(response.headers.get('www-authenticate')).toBe('Bearer')
    })

    it('refuse a tampered token', async () => {
      const { access } = await registerUser(t.api, uniquePhone())
      const [header, payload, signature] = access.split('.') as [string, string, string]
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')
      const response = await t.api.get(ME, { token: `${header}.${forged}.${signature}` })
      expect([response.status, response.body]).toEqual([401, INVALID])
      // Flip a character in the middle of the signature: the last base64url character of an
      // Ed25519 signature carries only two bits, so changing it may not change the bytes at all.
      const middle = Math.floor(signature.length / 2)
      const flippedChar = signature[middle] === 'A' ? 'B' : 'A'
      const flippedSignature = `${signature.slice(0, middle)}${flippedChar}${signature.slice(middle + 1)}`
      const flipped = `${header}.${payload}.${flippedSignature}`
      expect((await t.api.get(ME, { token: flipped })).status).toBe(401)
    })

    it('refuse an expired token (access tokens live 15 minutes)', async () => {
      const { access } = await registerUser(t.api, uniquePhone())
      t.clock.advance(899)
      expect((await t.api.get(ME, { token: access })).status).toBe(200)
      t.clock.advance(2)
      expect((await t.api.get(ME, { token: access })).body).toEqual(INVALID)
    })

    it('refuse tokens signed with another key, unsigned, or from another issuer', async () => {
      const user = await insertUser(t.deps)
      const session = await openTestSession(t.deps, user.id, false)
      const claims = {
        username: user.username,
        role: 'customer',
        phone: user.phone,
        sid: session.id,
        second_factor: false,
      }
      const now = Math.floor(t.clock.now().getTime() / 1000)
      const sign = (key: Parameters<SignJWT['sign']>[0], issuer = 'arzpol-payments') =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: t.deps.tokens.kid })
          .setSubject(String(user.id))
          .setIssuer(issuer)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(key)
      const stranger = generateKeyPairSync('ed25519').privateKey
      const unsigned = new UnsecuredJWT(claims)
        .setSubject(String(user.id))
        .setIssuer('arzpol-payments')
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .encode()
      for (const token of [
        await sign(stranger),
        unsigned,
        await sign(t.deps.config.JWT_PRIVATE_KEY, 'someone-else'),
      ]) {
        expect((await t.api.get(ME, { token })).status).toBe(401)
      }
      expect(
        (await t.api.get(ME, { token: await sign(t.deps.config.JWT_PRIVATE_KEY) })).status,
      ).toBe(200)
    })
  })

  describe('JWKS', () => {
    it('serves the public key that verifies access tokens, at both paths', async () => {
      const phone = uniquePhone()
      const { access } = await registerUser(t.api, phone)
      const jwks = await t.api.get<JSONWebKeySet>('/api/auth/jwks/')
      expect(jwks.status).toBe(200)
      expect(jwks.headers.get('cache-control')).toBe('public, max-age=300')
      expect((await t.api.get('/.well-known/jwks.json')).body).toEqual(jwks.body)
      expect(jwks.body.keys).toHaveLength(1)
      expect(jwks.body.keys[0]).toMatchObject({
        kty: 'OKP',
        crv: 'Ed25519',
        alg: 'EdDSA',
        use: 'sig',
      })
      expect(jwks.body.keys[0]).not.toHaveProperty('d')

      // What the cms does: verify with the published key set only.
      const { payload, protectedHeader } = await jwtVerify(access, createLocalJWKSet(jwks.body), {
        issuer: 'arzpol-payments',
        currentDate: t.clock.now(),
      })
      expect(protectedHeader).toMatchObject({
        alg: 'EdDSA',
        typ: 'at+jwt',
        kid: jwks.body.keys[0]?.kid,
      })
      expect(payload).toMatchObject({ username: phone, role: 'customer', phone })
      // The session (refresh-token family) and whether it passed the staff second factor.
      expect(payload).toMatchObject({ sid: expect.any(String), second_factor: false })
      expect(payload.sub).toMatch(/^\d+$/)
      expect(payload.exp! - payload.iat!).toBe(900)
      expect(payload.jti).toEqual(expect.any(String))
    })

    it('carries the kid in every access token header', async () => {
      const { access } = await registerUser(t.api, uniquePhone())
      expect(decodeProtectedHeader(access).kid).toBe(t.deps.tokens.kid)
      expect(decodeJwt(access).iss).toBe('arzpol-payments')
    })
  })
})

describe('role checks for staff routes', () => {
  const t = useTestApp()
  let api: TestClient

  beforeAll(async () => {
    const app = new Koa<AppState>()
    app.use(requestFrame({ logger: t.deps.logger }))
    app.use(createRequireUser(t.deps))
    app.use(requireRole('support', 'admin'))
    app.use((ctx) => {
      ctx.body = { role: ctx.state.user?.role }
    })
    api = await startTestServer(app)
  })
  afterAll(() => api.close())

  const tokenFor = async (role: 'customer' | 'support' | 'admin') =>
    t.deps.tokens.signAccess(await insertUser(t.deps, { role }))

  it('lets the listed roles through and refuses others with 403', async () => {
    expect((await api.get('/', { token: await tokenFor('support') })).body).toEqual({
      role: 'support',
    })
    expect((await api.get('/', { token: await tokenFor('admin') })).status).toBe(200)
    const customer = await api.get('/', { token: await tokenFor('customer') })
    expect([customer.status, customer.body]).toEqual([
      403,
      { detail: 'شما اجازه انجام این کار را ندارید.', code: 'permission_denied' },
    ])
  })

  it('gives no staff power to a session that did not pass the second factor', async () => {
    const user = await insertUser(t.deps, { role: 'admin' })
    const weak = await openTestSession(t.deps, user.id, false)
    const response = await api.get('/', { token: await t.deps.tokens.signAccess(user, weak) })
    expect(response.status).toBe(403)
    // A token that claims more than its session passed gets no more than the session.
    const forged = await t.deps.tokens.signAccess(user, { ...weak, secondFactor: true })
    expect((await api.get('/', { token: forged })).status).toBe(403)
    const strong = await openTestSession(t.deps, user.id, true)
    expect(
      (await api.get('/', { token: await t.deps.tokens.signAccess(user, strong) })).body,
    ).toEqual({ role: 'admin' })
  })

  it('uses the role in the database, not the one in an older token', async () => {
    const user = await insertUser(t.deps, { role: 'admin' })
    const token = await t.deps.tokens.signAccess(user)
    await User.query(t.deps.db).findById(user.id).patch({ role: 'customer' })
    expect((await api.get('/', { token })).status).toBe(403)
  })
})

describe('verified access token cache', () => {
  const t = useTestApp()

  /** The cache hands back the very claims object it stored: identity proves a hit. */
  const isCached = async (token: string) => {
    const first = await t.deps.tokens.verifyAccess(token)
    return first !== null && (await t.deps.tokens.verifyAccess(token)) === first
  }

  /** A new user's token, accepted once, so that it now sits in the cache. */
  async function cachedToken() {
    const user = await insertUser(t.deps)
    const token = await t.deps.tokens.signAccess(user)
    expect((await t.api.get(ME, { token })).status).toBe(200)
    expect(await isCached(token)).toBe(true)
    return { user, token }
  }

  it('still refuses a blocked user on a cache hit (the user row is read every time)', async () => {
    const { user, token } = await cachedToken()
    await User.query(t.deps.db).findById(user.id).patch({ blocked_at: t.clock.now() })
    expect((await t.api.get(ME, { token })).body).toEqual(INVALID)
  })

  it('still refuses a cached token issued before a password change', async () => {
    const { user, token } = await cachedToken()
    t.clock.advance(5)
    await User.query(t.deps.db).findById(user.id).patch({ password_changed_at: t.clock.now() })
    expect((await t.api.get(ME, { token })).body).toEqual(INVALID)
  })

  it('still refuses a cached token whose session ended (on every instance: the row is read)', async () => {
    const { user, token } = await cachedToken()
    await t.deps
      .db('refresh_tokens')
      .where({ user_id: user.id })
      .update({ revoked_at: t.clock.now() })
    expect((await t.api.get(ME, { token })).body).toEqual(INVALID)
  })

  it('refuses an expired token even though it is cached', async () => {
    const { token } = await cachedToken()
    t.clock.advance(t.deps.tokens.accessTtlSeconds - 1)
    expect((await t.api.get(ME, { token })).status).toBe(200)
    t.clock.advance(1) // exp == now: expired, as jose counts it
    expect((await t.api.get(ME, { token })).body).toEqual(INVALID)
    expect(await t.deps.tokens.verifyAccess(token)).toBeNull()
  })

  it('refuses tampered copies of a cached token, and keeps accepting the original', async () => {
    const { token } = await cachedToken()
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1', role: 'admin' })).toString(
      'base64url',
    )
    const middle = Math.floor(signature.length / 2)
    const flipped = `${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`
    for (const tampered of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${token} `.trim() + 'A',
    ]) {
      expect((await t.api.get(ME, { token: tampered })).body).toEqual(INVALID)
      expect(await t.deps.tokens.verifyAccess(tampered)).toBeNull()
    }
    expect((await t.api.get(ME, { token })).status).toBe(200)
  })

  it('is bounded: the least recently used token is dropped first, then verified again', async () => {
    const tokens = await createTokenService({
      privateKey: t.deps.config.JWT_PRIVATE_KEY,
      issuer: t.deps.config.JWT_ISSUER,
      accessTtlSeconds: 900,
      clock: t.clock,
      verifiedCacheSize: 2,
    })
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(async () =>
        tokens.signAccess(await insertUser(t.deps), { id: randomUUID(), secondFactor: false }),
      ),
    )
    const claimsA = await tokens.verifyAccess(a!)
    const claimsB = await tokens.verifyAccess(b!)
    expect(await tokens.verifyAccess(a!)).toBe(claimsA) // a is now the most recent
    await tokens.verifyAccess(c!) // evicts b
    expect(await tokens.verifyAccess(a!)).toBe(claimsA)
    const againB = await tokens.verifyAccess(b!)
    expect(againB).not.toBe(claimsB)
    expect(againB).toEqual(claimsB)
  })
})
