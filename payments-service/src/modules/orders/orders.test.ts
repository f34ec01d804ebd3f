import { describe, expect, it } from 'vitest'
import { Order } from '../../models/order.model.ts'
import { OrderEvent } from '../../models/order-event.model.ts'
import { createCredentialVault } from '../../lib/credential-vault.ts'
import {
  createOrder,
  postStart,
  startOrder,
  TEST_CREDENTIALS_KEY,
  useOrdersApp,
} from '../../test/orders.ts'
import { validOrder } from '../../test/sample-orders.ts'
import { setRateAs } from '../../test/staff.ts'

const CREATE = '/api/payments/create/'

describe('POST /api/payments/create/', () => {
  const t = useOrdersApp()

  it('requires a signed-in user', async () => {
    const response = await t.api.post(CREATE, validOrder())
    expect(response.status).toBe(401)
  })

  it('creates an order at the locked rate: 201 with integer rials and no password', async () => {
    const { token } = await t.customer()
    const response = await t.api.post<Record<string, unknown>>(CREATE, validOrder(), { token })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toEqual({
      id: expect.any(Number),
      status: 'pending',
      stage: 'awaiting_payment',
      payment_type: 'topup',
      site_url: 'https://wallet.example.com/',
      site_username: 'ali@example.com',
      amount: '50.00',
      currency: 'USD',
      subtotal_irr: 57_500_000,
      fee_irr: 1_725_000,
      amount_irr: 59_225_000,
      rate_irr: 1_150_000,
      rate_locked_until: new Date(t.clock.now().getTime() + 15 * 60_000).toISOString(),
      description: 'شارژ کیف پول',
      meta: { flow: 'topup' },
      sheba: null,
      paid_at: null,
      created_at: expect.any(String),
    })
    expect(response.text).not.toContain('S3cret-pa55')
    expect(response.text).not.toContain('password')
  })

  it('stores the site password only as AES-256-GCM ciphertext with its key id', async () => {
    const { id: userId, token } = await t.customer()
    const order = await createOrder(t, token, { site_password: 'S3cret-pa55' })
    const row = (await t.deps.db('payments').where({ id: order.id }).first()) as Record<
      string,
      unknown
    >
    const stored = row.site_password_enc as Buffer
    expect(Buffer.isBuffer(stored)).toBe(true)
    expect(stored.toString('utf8')).not.toContain('S3cret-pa55')
    expect(stored.toString('latin1')).not.toContain('S3cret-pa55')
    expect(stored.length).toBe(12 + 16 + 'S3cret-pa55'.length)
    expect(row.site_password_key_id).toBe('k-test')
    const vault = createCredentialVault({
      currentKeyId: 'k-test',
      currentKey: Buffer.from(TEST_CREDENTIALS_KEY, 'base64'),
    })
    expect(vault.open(stored, 'k-test', userId)).toBe('S3cret-pa55')
    // Bound to its owner: the same ciphertext does not open for another customer.
    expect(() => vault.open(stored, 'k-test', userId + 1)).toThrow()

    const list = await t.api.get('/api/payments/', { token })
    const detail = await t.api.get(`/api/payments/${order.id}/`, { token })
    for (const text of [list.text, detail.text]) {
      expect(text).not.toContain('S3cret-pa55')
      expect(text).not.toContain('site_password')
    }
  })

  it('writes a creation event', async () => {
    const { token } = await t.customer()
    const order = await createOrder(t, token)
    const events = await OrderEvent.query(t.deps.db).where({ payment_id: order.id })
    expect(events.map((e) => [e.from_stage, e.to_stage, e.reason, e.actor])).toEqual([
      [null, 'awaiting_payment', 'created', 'customer'],
    ])
  })

  describe('validation (the product texts)', () => {
    // The product's message for each field, as several bad inputs answer it.
    const SITE_URL = { site_url: ['آدرس سایت را وارد کنید'] }
    const AMOUNT = { amount: ['مبلغ معتبر وارد کنید'] }
    const CURRENCY = { currency: ['ارز باید یکی از USD، EUR یا GBP باشد'] }
    const cases: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
      ['missing site_url', { site_url: undefined }, SITE_URL],
      ['blank site_url', { site_url: '   ' }, SITE_URL],
      ['site_url that is not a URL', { site_url: 'not a url' }, SITE_URL],
      ['javascript: URL', { site_url: 'javascript:alert(1)' }, SITE_URL],
      ['missing amount', { amount: undefined }, AMOUNT],
      ['zero amount', { amount: '0' }, AMOUNT],
      ['negative amount', { amount: -50 }, AMOUNT],
      ['three decimals', { amount: '50.123' }, AMOUNT],
      ['text amount', { amount: 'پنجاه' }, AMOUNT],
      [
        'below the minimum',
        { amount: '49.99' },
        { amount: ['حداقل مبلغ برای این خدمت ۵۰ دلار است'] },
      ],
      [
        'below the minimum in euro',
        { amount: '10', currency: 'EUR' },
        { amount: ['حداقل مبلغ برای این خدمت ۵۰ یورو است'] },
      ],
      [
        'above the maximum',
        { amount: '10000.01' },
        { amount: ['برای مبالغ بیش از ۱۰٬۰۰۰ دلار با پشتیبانی هماهنگ کنید'] },
      ],
      ['unknown currency', { currency: 'JPY' }, CURRENCY],
      ['quoted-only currency', { currency: 'TRY' }, CURRENCY],
      ['unknown type', { payment_type: 'casino' }, { payment_type: ['نوع خدمت را انتخاب کنید'] }],
      ['topup without username', { site_username: '' }, { site_username: ['نام کاربری لازم است'] }],
      ['topup without password', { site_password: null }, { site_password: ['رمز عبور لازم است'] }],
    ]
    it.each(cases)('refuses %s', async (_name, overrides, errors) => {
      const { token } = await t.customer()
      const response = await t.api.post(CREATE, validOrder(overrides), { token })
      expect(response.status).toBe(400)
      expect(response.body).toEqual(errors)
      expect(await Order.query(t.deps.db).resultSize()).toBe(0)
    })

    it.each(['topup', 'subscriptions', 'cloud', 'ads'])(
      '%s needs both credentials',
      async (type) => {
        const { token } = await t.customer()
        const response = await t.api.post(
          CREATE,
          validOrder({ payment_type: type, site_username: null, site_password: undefined }),
          { token },
        )
        expect(response.body).toEqual({
          site_username: ['نام کاربری لازم است'],
          site_password: ['رمز عبور لازم است'],
        })
      },
    )

    it.each(['exams', 'payout', 'visa', 'domain'])('%s needs no credentials', async (type) => {
      const { token } = await t.customer()
      const response = await t.api.post(
        CREATE,
        validOrder({ payment_type: type, site_username: null, site_password: null }),
        { token },
      )
      expect(response.status, response.text).toBe(201)
      expect(response.body).toMatchObject({ site_username: null, payment_type: type })
    })

    it('reports every problem at once', async () => {
      const { token } = await t.customer()
      const response = await t.api.post(
        CREATE,
        { payment_type: 'ads', currency: 'USD', amount: '۰' },
        { token },
      )
      expect(response.body).toEqual({
        site_url: ['آدرس سایت را وارد کنید'],
        amount: ['مبلغ معتبر وارد کنید'],
        site_username: ['نام کاربری لازم است'],
        site_password: ['رمز عبور لازم است'],
      })
    })

    it('normalises Persian digits and separators in the amount', async () => {
      const { token } = await t.customer()
      const order = await createOrder(t, token, { amount: '۱۲۰٫۵۰' })
      expect(order.amount).toBe('120.50')
      // ⌈12050 × 1,150,000 / 100⌉ = 138,575,000; + 3% = 142,732,250
      expect(order.amount_irr).toBe(142_732_250)
    })

    it('accepts a bare domain as the site address', async () => {
      const { token } = await t.customer()
      const order = await createOrder(t, token, { site_url: 'ets.org/toefl' })
      expect(order.site_url).toBe('https://ets.org/toefl')
    })
  })
})

describe('GET /api/payments/ and /api/payments/{id}/ (owner only)', () => {
  const t = useOrdersApp()

  it('lists only the caller’s orders, newest first, with the spec fields plus stage, payment_type, meta', async () => {
    const a = await t.customer()
    const b = await t.customer()
    const first = await createOrder(t, a.token)
    t.clock.advance(1)
    const second = await createOrder(t, a.token, { payment_type: 'exams', meta: { flow: 'exams' } })
    await createOrder(t, b.token)
    const response = await t.api.get<Array<Record<string, unknown>>>('/api/payments/', {
      token: a.token,
    })
    expect(response.status).toBe(200)
    expect(response.body.map((order) => order.id)).toEqual([second.id, first.id])
    for (const key of [
      'id',
      'status',
      'site_url',
      'site_username',
      'amount',
      'currency',
      'amount_irr',
      'description',
      'created_at',
      'stage',
      'payment_type',
      'meta',
    ]) {
      expect(response.body[0]).toHaveProperty(key)
    }
  })

  it('answers 404 (never 403) on every owner-scoped call for another customer’s order', async () => {
    const a = await t.customer()
    const b = await t.customer()
    const order = await createOrder(t, a.token)
    const calls = [
      () => t.api.get(`/api/payments/${order.id}/`, { token: b.token }),
      () => postStart(t, b.token, order.id),
      () => t.api.post(`/api/payments/${order.id}/cancel/`, {}, { token: b.token }),
    ]
    for (const call of calls) {
      const response = await call()
      expect(response.status, response.text).toBe(404)
      expect(response.body).toEqual({ detail: 'یافت نشد' })
    }
    // The same answer as an id that does not exist at all.
    const missing = await t.api.get('/api/payments/999999/', { token: b.token })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ detail: 'یافت نشد' })
    expect((await t.api.get<unknown[]>('/api/payments/', { token: b.token })).body).toEqual([])
    // Nothing changed for A.
    const row = await Order.query(t.deps.db).findById(order.id)
    expect(row?.stage).toBe('awaiting_payment')
    expect(await t.deps.db('gateway_transactions').count({ n: '*' }).first()).toEqual({ n: 0 })
  })

  it('shows one order with its timeline; staff may read it too', async () => {
    const a = await t.customer()
    const staff = await t.customer('support')
    const order = await createOrder(t, a.token)
    const mine = await t.api.get<{ events: unknown[] }>(`/api/payments/${order.id}/`, {
      token: a.token,
    })
    expect(mine.status).toBe(200)
    expect(mine.body.events).toEqual([
      {
        id: expect.any(Number),
        from_stage: null,
        to_stage: 'awaiting_payment',
        reason: 'created',
        actor: 'customer',
        note: null,
        reference: null,
        created_at: expect.any(String),
      },
    ])
    const theirs = await t.api.get(`/api/payments/${order.id}/`, { token: staff.token })
    expect(theirs.status).toBe(200)
  })

  it('refuses a malformed id with 400', async () => {
    const a = await t.customer()
    expect((await t.api.get('/api/payments/abc/', { token: a.token })).status).toBe(400)
  })
})

describe('POST /api/payments/{id}/start/', () => {
  const t = useOrdersApp()

  it('asks the bank for a token and answers the gateway address', async () => {
    const a = await t.customer()
    const order = await createOrder(t, a.token)
    const start = await startOrder(t, a.token, order.id)
    expect(start.gateway_url).toBe(`${t.bank.url}/OnlinePG/OnlinePG`)
    expect(start.token).toMatch(/^[0-9a-f]{32}$/)
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(attempt).toMatchObject({
      status: 'token_created',
      token: start.token,
      amount_irr: 59_225_000,
      gateway: 'sandbox',
    })
  })

  it('re-quotes after the rate lock expired instead of charging the old amount', async () => {
    const a = await t.customer()
    const admin = await t.customer('admin')
    const order = await createOrder(t, a.token)
    expect(order.amount_irr).toBe(59_225_000)
    await setRateAs(t, admin.token, { currency: 'USD', buy_rate_irr: 1_200_000 })

    // Inside the lock the old rate still holds.
    t.clock.advance(14 * 60)
    const within = await startOrder(t, a.token, order.id)
    expect(within.token).toBeTruthy()
    const firstTx = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(firstTx.amount_irr).toBe(59_225_000)

    t.clock.advance(60)
    // Access tokens live 15 minutes too: sign in again.
    a.token = await t.deps.tokens.signAccess(a.user)
    const expired = await postStart(t, a.token, order.id)
    expect(expired.status).toBe(409)
    // 50 × 1,200,000 = 60,000,000 + 3% = 61,800,000
    expect(expired.body).toMatchObject({
      code: 'quote_expired',
      amount_irr: 61_800_000,
      rate_irr: 1_200_000,
      fee_irr: 1_800_000,
    })
    const detail = await t.api.get<{ amount_irr: number; events: Array<{ reason: string }> }>(
      `/api/payments/${order.id}/`,
      { token: a.token },
    )
    expect(detail.body.amount_irr).toBe(61_800_000)
    expect(detail.body.events.map((e) => e.reason)).toEqual(['created', 'requoted'])

    const again = await startOrder(t, a.token, order.id)
    expect(again.token).toBeTruthy()
    const txs = await t.deps
      .db('gateway_transactions')
      .where({ payment_id: order.id })
      .orderBy('id')
    expect(txs.map((attempt: { amount_irr: number }) => attempt.amount_irr)).toEqual([
      59_225_000, 61_800_000,
    ])
  })

  it('refuses to start an order that is not awaiting payment', async () => {
    const a = await t.customer()
    const order = await createOrder(t, a.token)
    expect(
      (await t.api.post(`/api/payments/${order.id}/cancel/`, {}, { token: a.token })).status,
    ).toBe(200)
    const response = await postStart(t, a.token, order.id)
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'invalid_stage' })
  })

  it('answers 502 when the bank refuses the token, and records the failed attempt', async () => {
    const a = await t.customer()
    const order = await createOrder(t, a.token)
    // The bank refuses amounts below 1,000 rials: simulate a corrupted amount.
    await t.deps.db('payments').where({ id: order.id }).update({ amount_irr: 10 })
    const response = await postStart(t, a.token, order.id)
    expect(response.status).toBe(502)
    expect(response.body).toMatchObject({ code: 'gateway_unavailable' })
    const attempt = await t.deps.db('gateway_transactions').where({ payment_id: order.id }).first()
    expect(attempt).toMatchObject({ status: 'failed', failure: 'token_refused' })
  })
})
