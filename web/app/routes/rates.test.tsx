import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { getLogger } from '~/utils/logger.server.ts'
import { standInForFile } from '../../tests/stand-in-for-file.ts'
import { expectToHold } from '../../tests/expect-html.ts'
import { expectData } from '../../tests/utils.ts'
import { load } from './dashboard/route-calls.test-support.ts'
import { NOW, startFakeOrders } from './dashboard.new-request/fake-orders.test-support.ts'
import { loader } from './rates.tsx'
import { RateChart } from '~/features/rates/rate-chart.tsx'
import type { RatesPageData } from '~/features/rates/rates.server.ts'

/**
 * The public rates page: every currency staff price with its last days, each service's fee,
 * from payments-service's public calls; a Persian refusal (503) when the rates cannot be read.
 */

const fake = await standInForFile(startFakeOrders(), 'PAYMENTS_URL', (fake) => {
  fake.reset()
  vi.spyOn(getLogger(), 'warn').mockImplementation(() => undefined)
  vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined)
})

describe('/rates', () => {
  it('reads every priced currency with its history (oldest first) and the fees', async () => {
    fake.answer('GET /api/rates/', 200, [
      { currency: 'USD', buy_rate_irr: 1_150_000, updated_at: NOW },
      { currency: 'TRY', buy_rate_irr: 35_000, updated_at: NOW },
    ])
    fake.answer('GET /api/rates/TRY/daily/?days=30', 500, { detail: 'x' })
    const result = expectData<RatesPageData>(await load(loader, '/rates'))
    expect(result.init?.status ?? 200).toBe(200)
    if (!result.data.ok) throw new Error('expected rates')
    expect(result.data.rates.map((r) => [r.currency, r.daily.map((d) => d.date)])).toEqual([
      ['USD', ['2026-11-22', '2026-11-23', '2026-11-24']],
      // A history that cannot be read leaves today's rate on show, without a chart.
      ['TRY', []],
    ])
    expect(result.data.fees).toContainEqual({
      value: 'topup',
      label: 'شارژ',
      feeBps: 300,
      feeFixedIrr: 0,
    })
  })

  it('rates that cannot be read: 503, not indexed, tried again in a minute', async () => {
    fake.answer('GET /api/rates/', 502, { detail: 'x' })
    const result = expectData<RatesPageData & { seo: { noindex?: boolean } }>(
      await load(loader, '/rates'),
    )
    expect(result.init?.status).toBe(503)
    expect(result.data.ok).toBe(false)
    expect(result.data.seo.noindex).toBe(true)
  })
})

describe('RateChart', () => {
  it('draws the days as a line with the lowest and highest rate and the Jalali ends', () => {
    const html = renderToStaticMarkup(
      createElement(RateChart, {
        label: 'نرخ دلار آمریکا',
        daily: [
          { date: '2026-11-22', buy_rate_irr: 1_130_000 },
          { date: '2026-11-24', buy_rate_irr: 1_150_000 },
        ],
      }),
    )
    expectToHold(html, [
      '<polyline',
      'کمترین: ۱۱۳٬۰۰۰ تومان',
      'بیشترین: ۱۱۵٬۰۰۰ تومان',
      '۱۴۰۵/۰۹/۰۱',
      '۱۴۰۵/۰۹/۰۳',
    ])
  })

  it('says so when one day is all there is', () => {
    const html = renderToStaticMarkup(
      createElement(RateChart, { label: 'x', daily: [{ date: '2026-11-24', buy_rate_irr: 1 }] }),
    )
    expect(html).not.toContain('<svg')
    expect(html).toContain('سابقهٔ کافی')
  })
})
