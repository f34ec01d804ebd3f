import { describe, expect, it } from 'vitest'
import { PAYMENT_TYPE_CODES } from '@arzpol/contracts'
import { ManualClock } from '../../test/clock.ts'
import { useTestDatabase } from '../../test/db.ts'
import { useOrdersApp } from '../../test/orders.ts'
import { createRateService } from './rates.service.ts'

describe('payment types, rates and quotes over HTTP', () => {
  const t = useOrdersApp()

  it('lists the eight payment types with Persian labels, credentials flags, fees and minimums', async () => {
    const response = await t.api.get<Array<Record<string, unknown>>>('/api/payment-types/')
    expect(response.status).toBe(200)
    expect(response.body.map((type) => type.value)).toEqual([...PAYMENT_TYPE_CODES])
    expect(
      response.body.filter((type) => type.needs_credentials).map((type) => type.value),
    ).toEqual(['topup', 'subscriptions', 'cloud', 'ads'])
    for (const type of response.body) {
      expect(type.label).toMatch(/[\u0600-\u06FF]/)
      expect(type.min_amount).toBe(50)
    }
    expect(response.body[0]).toMatchObject({
      label: 'شارژ حساب ارزی',
      fee_bps: 300,
      fee_fixed_irr: 0,
    })
  })

  it('GET /api/rates/USD/ answers buy_rate_irr (any currency, any case)', async () => {
    const usd = await t.api.get('/api/rates/USD/')
    expect(usd.status).toBe(200)
    expect(usd.body).toMatchObject({ currency: 'USD', buy_rate_irr: 1_150_000 })
    expect((await t.api.get('/api/rates/try/')).body).toMatchObject({
      currency: 'TRY',
      buy_rate_irr: 27_500,
    })
    expect((await t.api.get('/api/rates/USD')).status).toBe(200)
    const bad = await t.api.get('/api/rates/XYZ/')
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ currency: ['ارز معتبر نیست'] })
    expect((await t.api.get<unknown[]>('/api/rates/')).body).toHaveLength(5)
  })

  it('keeps history: admins set rates, staff read the history, customers may not set', async () => {
    const admin = await t.customer('admin')
    const customer = await t.customer()
    expect(
      (
        await t.api.post(
          '/api/rates/',
          { currency: 'USD', buy_rate_irr: 1_200_000 },
          { token: customer.token },
        )
      ).status,
    ).toBe(403)
    const bad = await t.api.post(
      '/api/rates/',
      { currency: 'USD', buy_rate_irr: 1.5 },
      { token: admin.token },
    )
    expect(bad.status).toBe(400)
    t.clock.advance(1)
    expect(
      (
        await t.api.post(
          '/api/rates/',
          { currency: 'USD', buy_rate_irr: 1_200_000, note: 'بازار' },
          { token: admin.token },
        )
      ).status,
    ).toBe(201)
    expect((await t.api.get('/api/rates/USD/')).body).toMatchObject({ buy_rate_irr: 1_200_000 })
    const history = await t.api.get<Array<{ buy_rate_irr: number }>>('/api/rates/USD/history/', {
      token: admin.token,
    })
    expect(history.body.map((row) => row.buy_rate_irr)).toEqual([1_200_000, 1_150_000])
  })

  it('GET /api/quote/ answers amount_irr, rate_irr, fee_irr and expires_at', async () => {
    const response = await t.api.get('/api/quote/?amount=50&currency=USD')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      amount: '50.00',
      currency: 'USD',
      payment_type: 'topup',
      rate_irr: 1_150_000,
      subtotal_irr: 57_500_000,
      fee_irr: 1_725_000,
      amount_irr: 59_225_000,
      expires_at: new Date(t.clock.now().getTime() + 15 * 60_000).toISOString(),
      quote_token: expect.stringMatching(/^v2\.[\w-]+\.[\w-]+$/),
    })
    const persian = await t.api.get(
      `/api/quote/?amount=${encodeURIComponent('۰٫۰۱')}&currency=EUR&payment_type=payout`,
    )
    // 0.01 EUR at 1,340,000 = 13,400 rials (payout: floor), fee ⌈2.5%⌉ = 335
    expect(persian.body).toMatchObject({ subtotal_irr: 13_400, fee_irr: 335, amount_irr: 13_065 })
  })

  it.each([
    ['amount=0&currency=USD', { amount: ['مبلغ معتبر وارد کنید'] }],
    ['amount=1.234&currency=USD', { amount: ['مبلغ معتبر وارد کنید'] }],
    ['currency=USD', { amount: ['مبلغ معتبر وارد کنید'] }],
    ['amount=5&currency=JPY', { currency: ['ارز معتبر نیست'] }],
  ])('refuses a bad quote query %s', async (query, errors) => {
    const response = await t.api.get(`/api/quote/?${query}`)
    expect(response.status).toBe(400)
    expect(response.body).toEqual(errors)
  })
})

describe('rate cache (the quote hot path)', () => {
  const database = useTestDatabase()

  it('reads the database once per TTL however many quotes are asked, and reloads after it', async () => {
    const clock = new ManualClock()
    await database.db('rates').insert({ currency: 'USD', buy_rate_irr: 1_000_000 })
    let queries = 0
    const count = () => {
      queries += 1
    }
    database.db.on('query', count)
    try {
      const rates = createRateService({ db: database.db, clock, ttlSeconds: 10 })
      const answers = await Promise.all(Array.from({ length: 200 }, () => rates.current('USD')))
      expect(answers.every((rate) => rate?.buy_rate_irr === 1_000_000)).toBe(true)
      expect(queries).toBe(1)

      await database.db('rates').insert({
        currency: 'USD',
        buy_rate_irr: 1_100_000,
        created_at: new Date(Date.now() + 1000),
      })
      const insertQueries = queries
      clock.advance(9)
      expect((await rates.current('USD'))?.buy_rate_irr).toBe(1_000_000)
      expect(queries).toBe(insertQueries)
      clock.advance(1)
      expect((await rates.current('USD'))?.buy_rate_irr).toBe(1_100_000)
      expect(queries).toBe(insertQueries + 1)
    } finally {
      database.db.removeListener('query', count)
    }
  })

  it('keeps serving the last rates for a while when the database fails', async () => {
    const clock = new ManualClock()
    await database.db('rates').insert({ currency: 'USD', buy_rate_irr: 1_000_000 })
    const rates = createRateService({ db: database.db, clock, ttlSeconds: 10 })
    expect((await rates.current('USD'))?.buy_rate_irr).toBe(1_000_000)
    const broken = createRateService({ db: database.db, clock, ttlSeconds: 10 })
    await database.db.raw('ALTER TABLE rates RENAME TO rates_gone')
    try {
      clock.advance(11)
      expect((await rates.current('USD'))?.buy_rate_irr).toBe(1_000_000)
      await expect(broken.current('USD')).rejects.toThrow()
      clock.advance(100)
      await expect(rates.current('USD')).rejects.toThrow()
    } finally {
      await database.db.raw('ALTER TABLE rates_gone RENAME TO rates')
    }
  })
})
