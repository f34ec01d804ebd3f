import { beforeEach, describe, expect, it } from 'vitest'
import { validOrder } from '../test/sample-orders.ts'
import { eventually, useTwoPods } from '../test/pods.ts'
import type { TestClient } from '../test/http.ts'
import { approveAsColleague } from '../test/proposals.ts'

/**
 * ADR 033: a change made on one pod reaches every pod's cache through the change bus, and a
 * quote token keeps its promise unless it was priced from a copy already out of date.
 *
 * The caches live an hour here, so only the bus can bring a change to the other pod.
 */

interface QuoteBody {
  rate_irr: number
  fee_irr: number
  amount_irr: number
  expires_at: string
  quote_token: string
}

const CREATE = '/api/payments/create/'
const QUOTE = '/api/quote/?amount=50&currency=USD&payment_type=topup'

describe('changes reach every pod (ADR 033)', () => {
  const pods = useTwoPods({ RATE_CACHE_TTL_SECONDS: '3600' })
  const { a } = pods

  // The harness empties the tables (and seeds the rates again) without telling anyone.
  beforeEach(() => {
    for (const { catalog } of [a.services, pods.b.services]) {
      catalog.rates.invalidate()
      catalog.paymentTypes.invalidate()
    }
  })

  const quoteOn = async (api: TestClient) => {
    const response = await api.get<QuoteBody>(QUOTE)
    expect(response.status, response.text).toBe(200)
    return response.body
  }

  /** Sets the USD rate through pod a, one second after whatever came before. */
  const setRate = async (buyRateIrr: number) => {
    const admin = await a.customer('admin')
    a.clock.advance(1)
    const response = await a.api.post(
      '/api/rates/',
      { currency: 'USD', buy_rate_irr: buyRateIrr, confirm: true },
      { token: admin.token },
    )
    // A change beyond the safety limit waits for a second admin (ADR 039).
    if (response.status === 202) await approveAsColleague(a, response)
    else expect(response.status, response.text).toBe(201)
  }

  it('a rate and a fee set on one pod are quoted by the other within seconds', async () => {
    const { b } = pods
    // Pod b holds the seed rate in memory.
    expect((await quoteOn(b.api)).rate_irr).toBe(1_150_000)

    await setRate(1_200_000)
    await eventually(async () => (await quoteOn(b.api)).rate_irr === 1_200_000, {
      what: 'the new rate on the other pod',
    })

    const admin = await a.customer('admin')
    const fee = await a.api.request('PATCH', '/api/staff/payment-types/topup/', {
      body: { fee_bps: 100 },
      token: admin.token,
    })
    expect(fee.status, fee.text).toBe(200)
    await eventually(async () => (await quoteOn(b.api)).fee_irr === 600_000, {
      what: 'the new fee on the other pod',
    })
  })

  it('a token minted before a change still creates an order at its price', async () => {
    const { b } = pods
    const seen = await quoteOn(b.api)
    expect(seen.rate_irr).toBe(1_150_000)
    await setRate(1_250_000)
    await eventually(async () => (await quoteOn(b.api)).rate_irr === 1_250_000)

    a.clock.advance(60)
    const { token } = await a.customer()
    for (const api of [a.api, b.api]) {
      const response = await api.post<Record<string, unknown>>(
        CREATE,
        validOrder({ quote_token: seen.quote_token }),
        { token },
      )
      expect(response.status, response.text).toBe(201)
      expect(response.body).toMatchObject({ rate_irr: 1_150_000, amount_irr: seen.amount_irr })
    }
  })

  it('a token minted from a copy already out of date answers 409 quote_changed', async () => {
    const { b } = pods
    expect((await quoteOn(b.api)).rate_irr).toBe(1_150_000)
    // The change's notice has not reached pod b yet (its bus is away for the moment).
    await b.services.changes.stop()
    try {
      await setRate(1_300_000)
      a.clock.advance(1)
      const stale = await quoteOn(b.api)
      expect(stale.rate_irr).toBe(1_150_000)

      const { token } = await a.customer()
      for (const api of [a.api, b.api]) {
        const refused = await api.post<{
          detail: string
          code: string
          reason: string
          quote: QuoteBody
        }>(CREATE, validOrder({ quote_token: stale.quote_token }), { token })
        expect(refused.status, refused.text).toBe(409)
        expect(refused.body).toMatchObject({
          code: 'quote_changed',
          reason: 'stale',
          quote: { rate_irr: 1_300_000, amount_irr: 66_950_000 },
        })
        expect(refused.body.detail).toContain('۶۶٬۹۵۰٬۰۰۰')
        expect(refused.body.detail).toMatch(/[\u0600-\u06FF]/)
      }
      expect(Number((await a.deps.db('payments').count({ n: '*' }).first())?.n)).toBe(0)
    } finally {
      b.services.changes.start()
      await b.services.changes.ready()
    }
    // Back on the bus, pod b has dropped its copy (it may have missed notices meanwhile).
    expect((await quoteOn(b.api)).rate_irr).toBe(1_300_000)
  })

  it('a lost bus connection counts as "everything changed" once it is back', async () => {
    const { b } = pods
    expect((await quoteOn(b.api)).rate_irr).toBe(1_150_000)
    // A rate written past the service (no notice), then the listening connections cut.
    await a.deps.db('rates').insert({ currency: 'USD', buy_rate_irr: 1_400_000 })
    expect((await quoteOn(b.api)).rate_irr).toBe(1_150_000)
    const cut = await a.deps.db.raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'payments-service changes'`,
    )
    expect(cut.rows.length).toBe(2)
    await eventually(async () => (await quoteOn(b.api)).rate_irr === 1_400_000, {
      what: 'the rate after the bus reconnected',
    })
    expect(b.services.changes.connected).toBe(true)
  })
})
