import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { QuotePanel, type Quote } from './new-request-quote.tsx'

const quote = (overrides: Partial<Quote> = {}): Quote => ({
  rate_irr: 1_150_000,
  subtotal_irr: 57_500_000,
  fee_irr: 1_725_000,
  amount_irr: 59_225_000,
  expires_at: new Date(Date.now() + 898_000).toISOString(),
  ...overrides,
})

const render = (q: Quote) =>
  renderToStaticMarkup(createElement(QuotePanel, { quote: q, loading: false }))

describe('the live quote as the customer reads it', () => {
  it('shows the fee with its share of the amount', () => {
    expect(render(quote())).toContain('(۳٪ مبلغ)')
    // A fixed part makes the share uneven: one decimal at most.
    expect(render(quote({ fee_irr: 1_650_000 }))).toContain('(۲٫۹٪ مبلغ)')
  })

  it('says how long the rate holds in words, never as a clock time', () => {
    const html = render(quote())
    expect(html).toMatch(/این نرخ تا <span[^>]*>۱۴ دقیقه و ۵[۰-۹] ثانیه<\/span> دیگر/)
    expect(html).not.toMatch(/[۰-۹]+:[۰-۹]{2}/)
  })

  it('no share without a fee or a subtotal', () => {
    expect(render(quote({ fee_irr: 0 }))).not.toContain('مبلغ)')
    expect(render(quote({ subtotal_irr: undefined }))).not.toContain('مبلغ)')
  })
})
