import { describe, expect, it } from 'vitest'
import {
  down as removeSeedHistory,
  up as seedHistory,
} from '../../db/migrations/20261125100000_seed-rate-history.ts'
import { SEED_RATES, useOrdersApp } from '../../test/orders.ts'

const DAY = 86_400_000
const TEHRAN_OFFSET = 3.5 * 3_600_000

/** Start of the Tehran calendar day containing `at` (UTC+03:30, no DST since 1401). */
const tehranMidnight = (at: Date) =>
  new Date(Math.floor((at.getTime() + TEHRAN_OFFSET) / DAY) * DAY - TEHRAN_OFFSET)
const tehranDate = (at: Date) => new Date(at.getTime() + TEHRAN_OFFSET).toISOString().slice(0, 10)

type Point = { date: string; buy_rate_irr: number }

describe('GET /api/rates/{cur}/daily/', () => {
  const t = useOrdersApp()

  it('answers the last rate of each Tehran day, oldest first, carrying quiet days over', async () => {
    await t.deps.db('rates').delete()
    const midnight = tehranMidnight(t.clock.now())
    const at = (days: number, minutes: number) =>
      new Date(midnight.getTime() + days * DAY + minutes * 60_000)
    await t.deps.db('rates').insert([
      // Three days ago: two changes, the later one counts.
      { currency: 'USD', buy_rate_irr: 1_000_000, created_at: at(-3, 9 * 60) },
      { currency: 'USD', buy_rate_irr: 1_010_000, created_at: at(-3, 17 * 60) },
      // One minute before yesterday's Tehran midnight (20:29 UTC): still the day before.
      { currency: 'USD', buy_rate_irr: 1_020_000, created_at: at(-1, -1) },
      // One minute after today's Tehran midnight: today.
      { currency: 'USD', buy_rate_irr: 1_030_000, created_at: at(0, 1) },
      { currency: 'EUR', buy_rate_irr: 1_300_000, created_at: at(-1, 60) },
    ])
    // Make sure "now" is past the last row (the manual clock could be in the first minute).
    if (t.clock.now().getTime() < at(0, 2).getTime())
      t.clock.advance((at(0, 2).getTime() - t.clock.now().getTime()) / 1000)

    const response = await t.api.get<Point[]>('/api/rates/usd/daily/?days=5')
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(response.body).toEqual([
      { date: tehranDate(at(-3, 0)), buy_rate_irr: 1_010_000 },
      { date: tehranDate(at(-2, 0)), buy_rate_irr: 1_020_000 },
      { date: tehranDate(at(-1, 0)), buy_rate_irr: 1_020_000 },
      { date: tehranDate(at(0, 0)), buy_rate_irr: 1_030_000 },
    ])
    // The window is counted in days, today included.
    const two = await t.api.get<Point[]>('/api/rates/USD/daily/?days=2')
    expect(two.body.map((point) => point.buy_rate_irr)).toEqual([1_020_000, 1_030_000])
    const eur = await t.api.get<Point[]>('/api/rates/EUR/daily/')
    expect(eur.body).toEqual([
      { date: tehranDate(at(-1, 0)), buy_rate_irr: 1_300_000 },
      { date: tehranDate(at(0, 0)), buy_rate_irr: 1_300_000 },
    ])
    expect((await t.api.get<Point[]>('/api/rates/GBP/daily/')).body).toEqual([])
  })

  it('does not show a rate set after now', async () => {
    await t.deps.db('rates').delete()
    await t.deps.db('rates').insert([
      {
        currency: 'USD',
        buy_rate_irr: 1_000_000,
        created_at: new Date(t.clock.now().getTime() - 1000),
      },
      {
        currency: 'USD',
        buy_rate_irr: 2_000_000,
        created_at: new Date(t.clock.now().getTime() + 1000),
      },
    ])
    const response = await t.api.get<Point[]>('/api/rates/USD/daily/?days=1')
    expect(response.body).toEqual([{ date: tehranDate(t.clock.now()), buy_rate_irr: 1_000_000 }])
  })

  it.each(['0', '366', '1.5', 'abc'])('refuses days=%s', async (days) => {
    const response = await t.api.get(`/api/rates/USD/daily/?days=${days}`)
    expect(response.status).toBe(400)
    expect(Object.keys(response.body)).toEqual(['days'])
  })

  it('refuses an unknown currency', async () => {
    const response = await t.api.get('/api/rates/XYZ/daily/')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ currency: ['ارز معتبر نیست'] })
  })

  it('the seed gives a fresh install 30 days of history for every currency, once', async () => {
    // useOrdersApp put one seed rate per currency a day before now, as the first migration does.
    await seedHistory(t.deps.db)
    await seedHistory(t.deps.db)
    expect(Number((await t.deps.db('rates').count({ n: '*' }).first())?.n)).toBe(5 * 31)

    for (const [currency, current] of Object.entries(SEED_RATES)) {
      const response = await t.api.get<Point[]>(`/api/rates/${currency}/daily/`)
      expect(response.status).toBe(200)
      expect(response.body).toHaveLength(30)
      const values = response.body.map((point) => point.buy_rate_irr)
      // The seed rate is still the current one, and the history stays near it.
      expect(values.at(-1)).toBe(current)
      expect((await t.api.get(`/api/rates/${currency}/`)).body).toMatchObject({
        buy_rate_irr: current,
      })
      for (const value of values) {
        expect(value).toBeGreaterThan(current * 0.9)
        expect(value).toBeLessThan(current * 1.05)
      }
      expect(new Set(values).size).toBeGreaterThan(10)
      const dates = response.body.map((point) => point.date)
      expect(new Set(dates).size).toBe(30)
      expect(dates).toEqual([...dates].sort())
    }

    // A currency that already has real history gets no invented one.
    await removeSeedHistory(t.deps.db)
    expect(Number((await t.deps.db('rates').count({ n: '*' }).first())?.n)).toBe(5)
    await t.deps.db('rates').insert({ currency: 'USD', buy_rate_irr: 1_160_000 })
    await seedHistory(t.deps.db)
    expect(await t.deps.db('rates').where({ currency: 'USD' }).count({ n: '*' }).first()).toEqual({
      n: 2,
    })
  })
})
