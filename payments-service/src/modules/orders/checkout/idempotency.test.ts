import { createHash, createHmac, generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  createRequestHasher,
  purgeExpiredIdempotencyKeys,
  requestHasherFromConfig,
} from './idempotency.ts'
import { createOrder, useOrdersApp } from '../../../test/orders.ts'
import { validOrder } from '../../../test/sample-orders.ts'

const CREATE = '/api/payments/create/'
const key = (value: string) => ({ 'Idempotency-Key': value })

describe('Idempotency-Key on orders', () => {
  const t = useOrdersApp()

  const countOrders = async (userId: number) =>
    Number(
      (
        (await t.deps.db('payments').where({ user_id: userId }).count('* as n').first()) as {
          n: string
        }
      ).n,
    )

  it('a repeated create with the same key answers the same order and creates one', async () => {
    const { id, token } = await t.customer()
    const first = await t.api.post<{ id: number }>(CREATE, validOrder(), {
      token,
      headers: key('form-1'),
    })
    const second = await t.api.post<{ id: number }>(CREATE, validOrder(), {
      token,
      headers: key('form-1'),
    })
    expect(first.status, first.text).toBe(201)
    expect(second.status, second.text).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(await countOrders(id)).toBe(1)
    // Only one audit event for the one order.
    expect(await t.deps.db('payment_events').where({ payment_id: first.body.id })).toHaveLength(1)
  })

  it('twenty simultaneous creates with one key make one order, all answering it', async () => {
    const { id, token } = await t.customer()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api.post<{ id: number }>(CREATE, validOrder(), { token, headers: key('double-click') }),
      ),
    )
    for (const answer of answers) expect(answer.status, answer.text).toBe(201)
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1)
    expect(await countOrders(id)).toBe(1)
  })

  it('the same key with another body is refused with a Persian 422 and creates nothing', async () => {
    const { id, token } = await t.customer()
    await t.api.post(CREATE, validOrder(), { token, headers: key('k-1') })
    const other = await t.api.post(CREATE, validOrder({ amount: '75' }), {
      token,
      headers: key('k-1'),
    })
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' })
    expect(String(other.body.detail)).toMatch(/کلید یکتایی/)
    expect(await countOrders(id)).toBe(1)
  })

  it('two requests differing only in site_password are the same request', async () => {
    const { id, token } = await t.customer()
    const first = await t.api.post<{ id: number }>(CREATE, validOrder(), {
      token,
      headers: key('pw-retry'),
    })
    const retyped = await t.api.post<{ id: number }>(
      CREATE,
      validOrder({ site_password: 'another-Pa55word' }),
      { token, headers: key('pw-retry') },
    )
    expect(first.status, first.text).toBe(201)
    expect(retyped.status, retyped.text).toBe(201)
    expect(retyped.body).toEqual(first.body)
    expect(await countOrders(id)).toBe(1)
  })

  it('stores a keyed hash: not a plain hash of the body, with or without the password', async () => {
    const { token } = await t.customer()
    const body = validOrder()
    const created = await t.api.post(CREATE, body, { token, headers: key('stored-hash') })
    expect(created.status, created.text).toBe(201)
    const row = (await t.deps.db('idempotency_keys').where({ key: 'stored-hash' }).first()) as {
      request_hash: string
    }
    const { site_password: _password, ...withoutPassword } = body
    const sorted = (value: Record<string, unknown>) =>
      JSON.stringify(
        Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))),
      )
    for (const text of [JSON.stringify(body), sorted(body), sorted(withoutPassword)]) {
      expect(row.request_hash).not.toBe(createHash('sha256').update(text).digest('hex'))
    }
    expect(row.request_hash).toMatch(/^[0-9a-f]{64}$/)
    // It is the HMAC of the service's configured key, so only the server can compute it.
    const hasher = requestHasherFromConfig(t.deps.config)
    expect(row.request_hash).toBe(hasher(body))
  })

  it('field order does not make a body different', async () => {
    const { id, token } = await t.customer()
    const body = validOrder()
    const reversed = Object.fromEntries(Object.entries(body).reverse())
    const a = await t.api.post<{ id: number }>(CREATE, body, { token, headers: key('order') })
    const b = await t.api.post<{ id: number }>(CREATE, reversed, { token, headers: key('order') })
    expect(b.body.id).toBe(a.body.id)
    expect(await countOrders(id)).toBe(1)
  })

  it('keys are per customer: the same key from two customers makes two orders', async () => {
    const a = await t.customer()
    const b = await t.customer()
    const first = await t.api.post<{ id: number }>(CREATE, validOrder(), {
      token: a.token,
      headers: key('shared'),
    })
    const second = await t.api.post<{ id: number }>(CREATE, validOrder(), {
      token: b.token,
      headers: key('shared'),
    })
    expect(second.status).toBe(201)
    expect(second.body.id).not.toBe(first.body.id)
  })

  it('a request refused by validation does not use up its key', async () => {
    const { token } = await t.customer()
    const bad = await t.api.post(CREATE, validOrder({ amount: '0' }), {
      token,
      headers: key('retry-me'),
    })
    expect(bad.status).toBe(400)
    const good = await t.api.post(CREATE, validOrder(), { token, headers: key('retry-me') })
    expect(good.status, good.text).toBe(201)
  })

  it('a malformed key is a Persian 400', async () => {
    const { token } = await t.customer()
    // Header values are bytes; Persian text arrives percent-encoded or as Latin-1 garbage.
    for (const value of ['%D8%A8%D8%A7', 'x'.repeat(129), 'a b', '<script>', 'a/b']) {
      const response = await t.api.post(CREATE, validOrder(), { token, headers: key(value) })
      expect(response.status, value).toBe(400)
      expect(response.body).toMatchObject({ code: 'invalid_idempotency_key' })
    }
  })

  it('keys expire after 24 hours: then the key may name a new order', async () => {
    const { id, token: first, user } = await t.customer()
    await t.api.post(CREATE, validOrder(), { token: first, headers: key('daily') })
    t.clock.advance(24 * 3600 + 1)
    const token = await t.deps.tokens.signAccess(user)
    const again = await t.api.post(CREATE, validOrder({ amount: '60' }), {
      token,
      headers: key('daily'),
    })
    expect(again.status, again.text).toBe(201)
    expect(await countOrders(id)).toBe(2)
    t.clock.advance(24 * 3600 + 1)
    expect(await purgeExpiredIdempotencyKeys(t.deps.db, t.clock.now())).toBe(1)
    expect(await t.deps.db('idempotency_keys')).toHaveLength(0)
  })

  it('a repeated start hands out the same bank token, and the bank is asked once', async () => {
    const { token } = await t.customer()
    const order = await createOrder(t, token)
    const path = `/api/payments/${order.id}/start/`
    const body = { card_number: null, flow: 'topup' }
    const before = t.bank.stats.tokenCalls
    const first = await t.api.post<{ token: string }>(path, body, { token, headers: key('s-1') })
    const second = await t.api.post<{ token: string }>(path, body, { token, headers: key('s-1') })
    expect(first.status, first.text).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(t.bank.stats.tokenCalls - before).toBe(1)
    expect(await t.deps.db('gateway_transactions').where({ payment_id: order.id })).toHaveLength(1)
  })

  it('simultaneous starts with one key wait for each other: one bank token for all', async () => {
    const { token } = await t.customer()
    const order = await createOrder(t, token)
    const path = `/api/payments/${order.id}/start/`
    const before = t.bank.stats.tokenCalls
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.api.post<{ token: string }>(
          path,
          { card_number: null, flow: 'topup' },
          { token, headers: key('twins') },
        ),
      ),
    )
    for (const answer of answers) expect(answer.status, answer.text).toBe(200)
    expect(new Set(answers.map((answer) => answer.body.token)).size).toBe(1)
    expect(t.bank.stats.tokenCalls - before).toBe(1)
  })

  it('a failed start frees its key: the retry is a real start', async () => {
    const { token: early, user } = await t.customer()
    const order = await createOrder(t, early)
    t.clock.advance(16 * 60) // past the rate lock: start re-quotes with 409
    const token = await t.deps.tokens.signAccess(user)
    const path = `/api/payments/${order.id}/start/`
    const body = { card_number: null, flow: 'topup' }
    const expired = await t.api.post(path, body, { token, headers: key('s-2') })
    expect(expired.status).toBe(409)
    expect(expired.body).toMatchObject({ code: 'quote_expired' })
    const retry = await t.api.post<{ token: string }>(path, body, { token, headers: key('s-2') })
    expect(retry.status, retry.text).toBe(200)
    expect(retry.body.token).toBeTruthy()
  })

  it("another customer's order id with a key is still a 404", async () => {
    const owner = await t.customer()
    const other = await t.customer()
    const order = await createOrder(t, owner.token)
    const response = await t.api.post(
      `/api/payments/${order.id}/start/`,
      { card_number: null, flow: 'topup' },
      { token: other.token, headers: key('probe') },
    )
    expect(response.status).toBe(404)
  })
})

describe('request hasher', () => {
  const keyA = Buffer.alloc(32, 1)
  const keyB = Buffer.alloc(32, 2)

  it('is an HMAC-SHA-256 of the canonical body without site_password, under the key', () => {
    const body = { b: 2, a: 1, site_password: 'x', meta: { z: 1, y: 2 } }
    expect(createRequestHasher(keyA)(body)).toBe(
      createHmac('sha256', keyA).update('{"a":1,"b":2,"meta":{"y":2,"z":1}}').digest('hex'),
    )
    expect(createRequestHasher(keyA)(body)).not.toBe(createRequestHasher(keyB)(body))
    expect(createRequestHasher(keyA)({ ...body, site_password: 'y' })).toBe(
      createRequestHasher(keyA)(body),
    )
    expect(createRequestHasher(keyA)({ ...body, a: 3 })).not.toBe(createRequestHasher(keyA)(body))
  })

  it('refuses a short key, and production without IDEMPOTENCY_HASH_KEY', () => {
    expect(() => createRequestHasher(Buffer.alloc(16))).toThrow(/32 bytes/)
    const jwt = generateKeyPairSync('ed25519').privateKey
    expect(() =>
      requestHasherFromConfig({
        APP_ENV: 'production',
        JWT_PRIVATE_KEY: jwt,
        IDEMPOTENCY_HASH_KEY: undefined,
      }),
    ).toThrow(/IDEMPOTENCY_HASH_KEY/)
    const configured = requestHasherFromConfig({
      APP_ENV: 'production',
      JWT_PRIVATE_KEY: jwt,
      IDEMPOTENCY_HASH_KEY: keyA.toString('base64'),
    })
    expect(configured({ a: 1 })).toBe(createRequestHasher(keyA)({ a: 1 }))
    // Development: derived from the JWT key, stable across restarts, not the configured one.
    const derived = requestHasherFromConfig({ APP_ENV: 'development', JWT_PRIVATE_KEY: jwt })
    expect(derived({ a: 1 })).toBe(
      requestHasherFromConfig({ APP_ENV: 'development', JWT_PRIVATE_KEY: jwt })({ a: 1 }),
    )
    expect(derived({ a: 1 })).not.toBe(configured({ a: 1 }))
  })
})
