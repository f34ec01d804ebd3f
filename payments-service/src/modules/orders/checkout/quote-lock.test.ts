import { describe, expect, it } from 'vitest'
import { useOrdersApp } from '../../../test/orders.ts'
import { validOrder } from '../../../test/sample-orders.ts'
import { approveAsColleague } from '../../../test/proposals.ts'
import { setRateAs } from '../../../test/staff.ts'

/**
 * ADR 013: the locked rate is the rate the customer saw. The quote answers a signed
 * `quote_token`; create with it prices the order with the quoted figures, and refuses a token
 * that no longer holds with 409 `quote_changed` and the new quote.
 */

const CREATE = '/api/payments/create/'

interface QuoteBody {
  amount: string
  currency: string
  payment_type: string
  rate_irr: number
  subtotal_irr: number
  fee_irr: number
  amount_irr: number
  expires_at: string
  quote_token: string
}

describe('hole 5: the order gets the quote the customer saw', () => {
  const t = useOrdersApp()

  const countOrders = async () =>
    Number(((await t.deps.db('payments').count('* as n').first()) as { n: string }).n)

  const quote = async (query = 'amount=50&currency=USD&payment_type=topup') => {
    const response = await t.api.get<QuoteBody>(`/api/quote/?${query}`)
    expect(response.status, response.text).toBe(200)
    return response.body
  }

  const setRate = async (buyRateIrr: number) => {
    const admin = await t.customer('admin')
    t.clock.advance(1)
    const response = await t.api.post(
      '/api/rates/',
      { currency: 'USD', buy_rate_irr: buyRateIrr, confirm: true },
      { token: admin.token },
    )
    // A change beyond the safety limit waits for a second admin (ADR 039).
    if (response.status === 202) await approveAsColleague(t, response)
    else expect(response.status, response.text).toBe(201)
  }

  it('a valid token locks the quoted rate and fee even after the rate changed', async () => {
    const seen = await quote()
    await setRate(1_250_000)
    t.clock.advance(5 * 60)
    const { token } = await t.customer()
    const response = await t.api.post<Record<string, unknown>>(
      CREATE,
      validOrder({ quote_token: seen.quote_token }),
      { token },
    )
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      rate_irr: 1_150_000,
      subtotal_irr: seen.subtotal_irr,
      fee_irr: seen.fee_irr,
      amount_irr: seen.amount_irr,
      rate_locked_until: seen.expires_at,
    })
    const event = (await t.deps
      .db('payment_events')
      .where({ payment_id: response.body.id as number })
      .first('data')) as { data: Record<string, unknown> }
    expect(event.data).toMatchObject({ rate_irr: 1_150_000, quote_token: true })
  })

  it('without a token (the original client) create prices at the current rate, as before', async () => {
    await quote()
    await setRate(1_250_000)
    const { token } = await t.customer()
    const response = await t.api.post<Record<string, unknown>>(CREATE, validOrder(), { token })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ rate_irr: 1_250_000, subtotal_irr: 62_500_000 })
    expect(response.body).not.toHaveProperty('quote_token')
  })

  it('an expired token answers 409 quote_changed with the new quote and a fresh token', async () => {
    const seen = await quote()
    await setRate(1_200_000)
    t.clock.advance(15 * 60)
    const { token } = await t.customer()
    const refused = await t.api.post<{
      detail: string
      code: string
      reason: string
      quote: QuoteBody
    }>(CREATE, validOrder({ quote_token: seen.quote_token }), { token })
    expect(refused.status, refused.text).toBe(409)
    expect(refused.body.code).toBe('quote_changed')
    expect(refused.body.reason).toBe('expired')
    expect(refused.body.quote).toMatchObject({
      amount: '50.00',
      currency: 'USD',
      payment_type: 'topup',
      rate_irr: 1_200_000,
      subtotal_irr: 60_000_000,
      fee_irr: 1_800_000,
      amount_irr: 61_800_000,
      quote_token: expect.stringMatching(/^v2\./),
    })
    expect(refused.body.detail).toContain('۶۱٬۸۰۰٬۰۰۰')
    expect(refused.body.detail).toMatch(/[\u0600-\u06FF]/)
    expect(await countOrders()).toBe(0)

    // Sent again with the new token, the order gets the new price.
    const again = await t.api.post<Record<string, unknown>>(
      CREATE,
      validOrder({ quote_token: refused.body.quote.quote_token }),
      { token },
    )
    expect(again.status, again.text).toBe(201)
    expect(again.body).toMatchObject({ rate_irr: 1_200_000, amount_irr: 61_800_000 })
  })

  it('refuses a tampered token, and one for another amount, currency or type', async () => {
    const seen = await quote()
    const { token } = await t.customer()
    const [version, payload, mac] = seen.quote_token.split('.') as [string, string, string]
    const cheaper = Buffer.from(payload, 'base64url')
      .toString()
      .replace(String(seen.rate_irr), '1000')
    const forged = [
      `${version}.${Buffer.from(cheaper).toString('base64url')}.${mac}`,
      `${version}.${payload}.${Buffer.alloc(32).toString('base64url')}`,
      'v1.garbage',
      'not a token at all',
    ]
    for (const quoteToken of forged) {
      const response = await t.api.post<{ code: string; reason: string }>(
        CREATE,
        validOrder({ quote_token: quoteToken }),
        { token },
      )
      expect(response.status, quoteToken).toBe(409)
      expect(response.body.code).toBe('quote_changed')
      expect(['signature', 'malformed']).toContain(response.body.reason)
    }
    for (const overrides of [{ amount: '60' }, { currency: 'EUR' }, { payment_type: 'exams' }]) {
      const response = await t.api.post<{ code: string; reason: string; quote: QuoteBody }>(
        CREATE,
        validOrder({ quote_token: seen.quote_token, ...overrides }),
        { token },
      )
      expect(response.status, JSON.stringify(overrides)).toBe(409)
      expect(response.body).toMatchObject({ code: 'quote_changed', reason: 'mismatch' })
      // The new quote is for what the body asks.
      expect(response.body.quote.amount).toBe(overrides.amount ? '60.00' : '50.00')
    }
    expect(await countOrders()).toBe(0)
  })

  it('holds with an Idempotency-Key too', async () => {
    const seen = await quote()
    await setRate(1_300_000)
    const { token } = await t.customer()
    const response = await t.api.post<Record<string, unknown>>(
      CREATE,
      validOrder({ quote_token: seen.quote_token }),
      { token, headers: { 'Idempotency-Key': 'quote-lock-1' } },
    )
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ rate_irr: 1_150_000, amount_irr: seen.amount_irr })
  })
})

describe('rate safety: no quote or order on a stale rate (RATE_MAX_AGE_MINUTES)', () => {
  const t = useOrdersApp({ RATE_MAX_AGE_MINUTES: '60' })

  it('answers 503 rate_stale for quote and create once the newest rate is too old', async () => {
    // The test seed is a day old.
    const stale = await t.api.get<{ code: string; detail: string }>(
      '/api/quote/?amount=50&currency=USD',
    )
    expect(stale.status).toBe(503)
    expect(stale.body.code).toBe('rate_stale')
    expect(stale.body.detail).toMatch(/[\u0600-\u06FF]/)
    const { token } = await t.customer()
    const refused = await t.api.post<{ code: string }>(CREATE, validOrder(), { token })
    expect(refused.status).toBe(503)
    expect(refused.body.code).toBe('rate_stale')

    const admin = await t.customer('admin')
    await setRateAs(t, admin.token, { currency: 'USD', buy_rate_irr: 1_160_000 })
    expect((await t.api.get('/api/quote/?amount=50&currency=USD')).status).toBe(200)
    expect((await t.api.post(CREATE, validOrder(), { token })).status).toBe(201)

    t.clock.advance(60 * 60 + 1)
    expect((await t.api.get('/api/quote/?amount=50&currency=USD')).status).toBe(503)
    // A fresh access token: the first one expired with the hour.
    const later = await t.customer()
    const late = await t.api.post<{ code: string }>(CREATE, validOrder(), { token: later.token })
    expect(late.status).toBe(503)
    expect(late.body.code).toBe('rate_stale')
  })
})
